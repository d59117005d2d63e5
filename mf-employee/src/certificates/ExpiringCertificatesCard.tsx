import styled from 'styled-components';
import {
  CERTIFICATE_MESSAGES as M,
  CERTIFICATE_WINDOW_DAYS,
  certificatesRoutes,
  formatEntryDate,
  type ExpiringCertificate,
} from '@tht/contracts';
import { DashboardSection, DaysLeftBadge, EmptyText, useRead } from '@tht/ui';

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.spacing(2)};
`;

const Item = styled.li`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  gap: ${({ theme }) => theme.spacing(2)};
  padding: ${({ theme }) => theme.spacing(3)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.medium};
`;

const ValidUntil = styled.span`
  display: block;
  color: ${({ theme }) => theme.colors.mutedText};
`;

/** The signed-in person's certificates expiring within 60 days, or lapsed and not renewed. */
function useMyExpiringCertificates() {
  const { data, error } = useRead(certificatesRoutes.listMyExpiringCertificates, { query: { days: CERTIFICATE_WINDOW_DAYS } });
  return { certificates: data, error };
}

function CertificateItem({ certificate }: { certificate: ExpiringCertificate }) {
  return (
    <Item>
      <span>
        <strong>{certificate.trainingName}</strong>
        <ValidUntil>
          {M.validUntilLabel} {formatEntryDate(certificate.validUntil)}
        </ValidUntil>
      </span>
      <DaysLeftBadge daysLeft={certificate.daysLeft} />
    </Item>
  );
}

/** My Dashboard's "Certificates expiring" card. */
export function ExpiringCertificatesCard() {
  const { certificates, error } = useMyExpiringCertificates();
  return (
    <DashboardSection title={M.title} data={certificates} error={error} loadingLabel={M.loading} what="your certificates">
      {(loaded) =>
        loaded.length === 0 ? (
          <EmptyText>{M.dashboardEmpty(CERTIFICATE_WINDOW_DAYS)}</EmptyText>
        ) : (
          <List aria-label={M.title}>
            {loaded.map((certificate) => (
              <CertificateItem key={certificate.entryId} certificate={certificate} />
            ))}
          </List>
        )
      }
    </DashboardSection>
  );
}
