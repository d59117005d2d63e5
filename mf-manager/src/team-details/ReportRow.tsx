import { useId, useState } from 'react';
import styled from 'styled-components';
import { MANAGER_MESSAGES as M, type EntryView, type ManagerEmployeeStats, type UserSummary } from '@tht/contracts';
import { EmptyText, errorMessageOf, FieldError, Spinner } from '@tht/ui';
import { EntryCard } from './EntryCard';
import { CertificatesMark, ExpiringCertificatesList } from './ExpiringCertificates';

const Row = styled.li`
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.medium};
  & h3 { margin: 0; font-size: 1rem; }
`;

const Toggle = styled.button`
  display: flex;
  width: 100%;
  justify-content: space-between;
  align-items: center;
  gap: ${({ theme }) => theme.spacing(3)};
  padding: ${({ theme }) => theme.spacing(3)};
  border: none;
  background: none;
  font: inherit;
  font-weight: 600;
  text-align: left;
  cursor: pointer;
`;

const Chevron = styled.span`
  color: ${({ theme }) => theme.colors.mutedText};
`;

const Summary = styled.dl`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.spacing(4)};
  margin: 0;
  padding: 0 ${({ theme }) => theme.spacing(3)} ${({ theme }) => theme.spacing(3)};
  & div { display: flex; gap: ${({ theme }) => theme.spacing(1)}; }
  & dt { color: ${({ theme }) => theme.colors.mutedText}; }
  & dt::after { content: ':'; }
  & dd { margin: 0; font-weight: 600; }
`;

const Panel = styled.div`
  padding: 0 ${({ theme }) => theme.spacing(3)} ${({ theme }) => theme.spacing(3)};
`;

const Cards = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(15rem, 1fr));
  gap: ${({ theme }) => theme.spacing(3)};
`;

type ReportRowProps = {
  employee: UserSummary;
  figures: ManagerEmployeeStats | undefined;
  /** The report's entries of the year; undefined while the team's entries load. */
  entries: EntryView[] | undefined;
  entriesError: Error | undefined;
  year: number;
};

/**
 * A direct report: their history summary (sessions, total hours, high rated 4+) and their
 * certificates expiring within 60 days (marked beside the name), expanding to their entry cards.
 */
export function ReportRow({ employee, figures, entries, entriesError, year }: ReportRowProps) {
  const [expanded, setExpanded] = useState(false);
  const panelId = useId();
  const name = `${employee.firstName} ${employee.lastName}`;
  const summary: Array<[string, number]> = [
    ['Sessions', figures?.completedTraining ?? 0],
    ['Total Hours', figures?.totalHours ?? 0],
    ['High Rated (4+)', figures?.highRatedTraining ?? 0],
  ];
  const certificates = figures?.expiringCertificates ?? [];
  return (
    <Row>
      <h3>
        <Toggle type="button" aria-expanded={expanded} aria-controls={panelId} onClick={() => setExpanded(!expanded)}>
          <span>
            {name} <CertificatesMark certificates={certificates} />
          </span>
          <Chevron aria-hidden="true">{expanded ? '▾' : '▸'}</Chevron>
        </Toggle>
      </h3>
      <Summary aria-label={`Training history of ${name}`}>
        {summary.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </Summary>
      <ExpiringCertificatesList name={name} certificates={certificates} />
      <Panel id={panelId} hidden={!expanded}>
        {expanded && <ReportEntries name={name} entries={entries} error={entriesError} year={year} />}
      </Panel>
    </Row>
  );
}

function ReportEntries({
  name,
  entries,
  error,
  year,
}: {
  name: string;
  entries: EntryView[] | undefined;
  error: Error | undefined;
  year: number;
}) {
  if (error) return <FieldError role="alert">Failed to load entries: {errorMessageOf(error, 'please try again.')}</FieldError>;
  if (!entries) return <Spinner label={M.loading} />;
  if (entries.length === 0) return <EmptyText>{M.noRecords(year)}</EmptyText>;
  return (
    <Cards aria-label={`Training entries of ${name}`}>
      {entries.map((entry) => (
        <li key={entry.id}>
          <EntryCard entry={entry} />
        </li>
      ))}
    </Cards>
  );
}
