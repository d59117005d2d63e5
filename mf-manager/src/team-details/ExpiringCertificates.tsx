import styled from 'styled-components';
import { CERTIFICATE_MESSAGES as M, formatEntryDate, type CertificateSummary } from '@tht/contracts';
import { Badge, DaysLeftBadge } from '@tht/ui';

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0 ${({ theme }) => theme.spacing(3)} ${({ theme }) => theme.spacing(3)};
  display: grid;
  gap: ${({ theme }) => theme.spacing(1)};
  & li { display: flex; flex-wrap: wrap; align-items: center; gap: ${({ theme }) => theme.spacing(2)}; }
`;

/** The mark beside a report's name: how many of their certificates expire within 60 days (or lapsed). */
export function CertificatesMark({ certificates }: { certificates: readonly CertificateSummary[] }) {
  if (certificates.length === 0) return null;
  const lapsed = certificates.some((certificate) => certificate.daysLeft < 0);
  return <Badge $tone={lapsed ? 'destructive' : 'warning'}>{M.expiringMark(certificates.length)}</Badge>;
}

/** What the mark counts: each certificate, its date and the days left. */
export function ExpiringCertificatesList({ name, certificates }: { name: string; certificates: readonly CertificateSummary[] }) {
  if (certificates.length === 0) return null;
  return (
    <List aria-label={`${M.title} of ${name}`}>
      {certificates.map((certificate) => (
        <li key={certificate.entryId}>
          <strong>{certificate.trainingName}</strong>
          <span>
            {M.validUntilLabel} {formatEntryDate(certificate.validUntil)}
          </span>
          <DaysLeftBadge daysLeft={certificate.daysLeft} />
        </li>
      ))}
    </List>
  );
}
