import { ADMIN_MESSAGES as M, type AdminStats } from '@tht/contracts';
import { DashboardSection, Tile, Tiles, TileValue } from '@tht/ui';
import { useAdminStats } from './usersApi';

const CARDS: ReadonlyArray<{ key: keyof AdminStats; title: string }> = [
  { key: 'totalUsers', title: M.statCards.totalUsers },
  { key: 'totalEntries', title: M.statCards.totalEntries },
  { key: 'totalHours', title: M.statCards.totalHours },
  { key: 'totalDepartments', title: M.statCards.totalDepartments },
];

/** The system overview: Total Users, Total Entries, Total Hours and Departments. */
export function SystemOverview() {
  const { stats, error } = useAdminStats();
  return (
    <DashboardSection title="System Overview" data={stats} error={error} loadingLabel="Loading..." what="the system overview">
      {(loaded) => (
        <Tiles>
          {CARDS.map(({ key, title }) => (
            <Tile key={key} aria-label={title}>
              <h3>{title}</h3>
              <TileValue>{loaded[key].toLocaleString()}</TileValue>
            </Tile>
          ))}
        </Tiles>
      )}
    </DashboardSection>
  );
}
