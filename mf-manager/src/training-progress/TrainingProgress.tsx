import { useId, type ReactNode } from 'react';
import styled from 'styled-components';
import {
  countScheduleStatuses,
  elapsedShareOfYear,
  hoursExpectedByNow,
  MANAGER_MESSAGES as M,
  progressPercent,
  SCHEDULE_STATUS_LABELS,
  type ManagerEmployeeStats,
  type ManagerStats,
  type ScheduleStatus,
} from '@tht/contracts';
import { DashboardSection, EmptyText, hoursProgress, ProgressBar, Tile, Tiles, TileValue, type ProgressTone } from '@tht/ui';
import { TeamHours } from '../hours-chart/TeamHours';
import { useTeamStats } from '../team-api/teamApi';
import { ScheduleBadge } from './ScheduleBadge';

const PartSection = styled.section`
  margin-top: ${({ theme }) => theme.spacing(5)};
  &:first-child { margin-top: 0; }
  & > h3 { margin: 0 0 ${({ theme }) => theme.spacing(2)}; font-size: 1rem; }
`;

const Counts = styled(Tiles)`
  margin-top: ${({ theme }) => theme.spacing(3)};
`;

/** A titled part of the section. */
function Part({ title, children }: { title: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <PartSection aria-labelledby={titleId}>
      <h3 id={titleId}>{title}</h3>
      {children}
    </PartSection>
  );
}

const FigureLine = styled.p`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.spacing(2)};
  margin: 0 0 ${({ theme }) => theme.spacing(2)};
`;

const Note = styled(EmptyText)`
  margin-top: ${({ theme }) => theme.spacing(2)};
`;

const People = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.spacing(3)};
`;

const STATUS_ORDER: readonly ScheduleStatus[] = ['target-achieved', 'on-schedule', 'behind-schedule'];

/** A bar's colour follows the status badge's (the status is always written beside it). */
const STATUS_TONES: Record<ScheduleStatus, ProgressTone> = {
  'target-achieved': 'success',
  'on-schedule': 'primary',
  'behind-schedule': 'warning',
};

type TrainingProgressProps = { managerId: number; year: number };

/** The team overview, the Target Achieved / On Schedule / Behind Schedule counts, one bar per report, and hours per month. */
export function TrainingProgress({ managerId, year }: TrainingProgressProps) {
  const { stats, error } = useTeamStats(managerId, year);
  return (
    <DashboardSection title={M.progressTitle} data={stats} error={error} loadingLabel={M.loadingProgress} what="progress data">
      {(loaded) => (loaded.totalEmployees === 0 ? <EmptyText>{M.noReports}</EmptyText> : <ProgressDetails stats={loaded} />)}
    </DashboardSection>
  );
}

function ProgressDetails({ stats }: { stats: ManagerStats }) {
  const counts = countScheduleStatuses(stats.employeeStats.map((employee) => employee.scheduleStatus));
  const expected = hoursExpectedByNow(stats.targetHours, elapsedShareOfYear(stats.year));
  return (
    <>
      <Part title="Team Overview">
        <FigureLine>
          <strong>
            {stats.totalHours} of {stats.targetHours} hours ({progressPercent(stats.totalHours, stats.targetHours)}%)
          </strong>
          <ScheduleBadge status={stats.scheduleStatus} />
        </FigureLine>
        <ProgressBar
          label={`Team progress towards the ${stats.year} targets`}
          {...hoursProgress(stats.totalHours, stats.targetHours)}
          tone={STATUS_TONES[stats.scheduleStatus]}
        />
        <Note>
          On schedule in {stats.year} means {expected} hours by today.
        </Note>
        <Counts aria-label="Schedule counts">
          {STATUS_ORDER.map((status) => (
            <Tile key={status}>
              <h4>{SCHEDULE_STATUS_LABELS[status]}</h4>
              <TileValue>{counts[status]}</TileValue>
            </Tile>
          ))}
        </Counts>
      </Part>
      <Part title="Individual Progress">
        <People>
          {stats.employeeStats.map((employee) => (
            <PersonProgress key={employee.id} employee={employee} year={stats.year} />
          ))}
        </People>
      </Part>
      <Part title={M.hoursChartTitle}>
        <TeamHours hoursByMonth={stats.hoursByMonth} targetHours={stats.targetHours} year={stats.year} />
      </Part>
    </>
  );
}

function PersonProgress({ employee, year }: { employee: ManagerEmployeeStats; year: number }) {
  return (
    <li>
      <FigureLine>
        <strong>{employee.name}</strong>
        <span>
          {employee.totalHours} of {employee.targetHours} hours ({progressPercent(employee.totalHours, employee.targetHours)}%)
        </span>
        <ScheduleBadge status={employee.scheduleStatus} />
      </FigureLine>
      <ProgressBar
        label={`Progress of ${employee.name} towards their ${year} target`}
        {...hoursProgress(employee.totalHours, employee.targetHours)}
        tone={STATUS_TONES[employee.scheduleStatus]}
      />
    </li>
  );
}
