import { MANAGER_MESSAGES as M, type ManagerStats } from '@tht/contracts';
import { DashboardSection, Tile, TileDetail, Tiles, TileValue } from '@tht/ui';
import { useTeamStats } from '../team-api/teamApi';

type TeamStatsProps = { managerId: number; year: number };

/** The four stat cards (SPEC section 2): Team Members, Total Hours, Completed Training, This Month. */
export function TeamStats({ managerId, year }: TeamStatsProps) {
  const { stats, error } = useTeamStats(managerId, year);
  return (
    <DashboardSection title={M.statsTitle} data={stats} error={error} loadingLabel={M.loading} what="team statistics">
      {(loaded) => <StatTiles stats={loaded} />}
    </DashboardSection>
  );
}

function StatTiles({ stats }: { stats: ManagerStats }) {
  const tiles = [
    { title: 'Team Members', value: stats.totalEmployees, detail: 'direct reports' },
    { title: 'Total Hours', value: stats.totalHours, detail: `hours of training in ${stats.year}` },
    { title: 'Completed Training', value: stats.completedTraining, detail: `training sessions in ${stats.year}` },
    { title: 'This Month', value: stats.thisMonth, detail: 'hours dated this month' },
  ];
  return (
    <Tiles>
      {tiles.map((tile) => (
        <Tile key={tile.title}>
          <h3>{tile.title}</h3>
          <TileValue>{tile.value}</TileValue>
          <TileDetail>{tile.detail}</TileDetail>
        </Tile>
      ))}
    </Tiles>
  );
}
