import styled from 'styled-components';
import { MANAGER_MESSAGES as M, type EntryView, type ManagerStats, type UserSummary } from '@tht/contracts';
import { DashboardSection, EmptyText } from '@tht/ui';
import { useTeamEmployees, useTeamEntries, useTeamStats } from '../team-api/teamApi';
import { ReportRow } from './ReportRow';

const Rows = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.spacing(3)};
`;

type TeamDetailsProps = { managerId: number; year: number };

/** One expandable row per direct report: their history summary of the year and their entry cards. */
export function TeamDetails({ managerId, year }: TeamDetailsProps) {
  const { employees, error: employeesError } = useTeamEmployees(managerId);
  const { stats, error: statsError } = useTeamStats(managerId, year);
  const { entries, error: entriesError } = useTeamEntries(managerId, year);
  const team = employees && stats ? { employees, stats } : undefined;
  return (
    <DashboardSection
      title={M.detailsTitle}
      data={team}
      error={employeesError ?? statsError}
      loadingLabel={M.loadingEmployees}
      what="employee data"
    >
      {(loaded) => <ReportRows {...loaded} entries={entries} entriesError={entriesError} year={year} />}
    </DashboardSection>
  );
}

type ReportRowsProps = {
  employees: UserSummary[];
  stats: ManagerStats;
  entries: EntryView[] | undefined;
  entriesError: Error | undefined;
  year: number;
};

function ReportRows({ employees, stats, entries, entriesError, year }: ReportRowsProps) {
  if (employees.length === 0) return <EmptyText>{M.noReports}</EmptyText>;
  const figuresById = new Map(stats.employeeStats.map((figures) => [figures.id, figures]));
  return (
    <Rows aria-label="Direct reports">
      {employees.map((employee) => (
        <ReportRow
          key={employee.id}
          employee={employee}
          figures={figuresById.get(employee.id)}
          entries={entries?.filter((entry) => entry.userId === employee.id)}
          entriesError={entriesError}
          year={year}
        />
      ))}
    </Rows>
  );
}
