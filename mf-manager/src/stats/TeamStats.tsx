import { MANAGER_MESSAGES as M, type ManagerStats } from '@tht/contracts';
import { DashboardSection, FigureTiles, type Figure } from '@tht/ui';
import { useTeamStats } from '../team-api/teamApi';

type TeamStatsProps = { managerId: number; year: number };

/** The four stat cards: Team Members, Total Hours, Completed Training, This Month. */
export function TeamStats({ managerId, year }: TeamStatsProps) {
  const { stats, error } = useTeamStats(managerId, year);
  return (
    <DashboardSection title={M.statsTitle} data={stats} error={error} loadingLabel={M.loading} what="team statistics">
      {(loaded) => <FigureTiles figures={statFiguresOf(loaded)} />}
    </DashboardSection>
  );
}

function statFiguresOf(stats: ManagerStats): Figure[] {
  return [
    { title: 'Team Members', value: stats.totalEmployees, details: ['direct reports'] },
    { title: 'Total Hours', value: stats.totalHours, details: [`hours of training in ${stats.year}`] },
    { title: 'Completed Training', value: stats.completedTraining, details: [`training sessions in ${stats.year}`] },
    { title: 'This Month', value: stats.thisMonth, details: ['hours dated this month'] },
  ];
}
