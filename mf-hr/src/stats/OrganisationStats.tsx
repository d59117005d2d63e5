import { HR_MESSAGES as M } from '@tht/contracts';
import { DashboardSection, Tile, TileDetail, Tiles, TileValue } from '@tht/ui';
import { useHrStats, type HrShown } from '../hr-api/hrApi';

/** The four stat cards of the HR dashboard. */
export function OrganisationStats(shown: HrShown) {
  const { year } = shown;
  const { stats, error } = useHrStats(shown);
  return (
    <DashboardSection title={M.statsTitle} data={stats} error={error} loadingLabel={M.loading} what="the statistics">
      {(loaded) => (
        <Tiles>
          <Tile>
            <h3>Total Employees</h3>
            <TileValue>{loaded.totalUsers}</TileValue>
          </Tile>
          <Tile>
            <h3>Total Hours</h3>
            <TileValue>{loaded.totalHours}</TileValue>
            <TileDetail>in {year}</TileDetail>
          </Tile>
          <Tile>
            <h3>Completed Training</h3>
            <TileValue>{loaded.completedTraining}</TileValue>
            <TileDetail>entries in {year}</TileDetail>
          </Tile>
          <Tile>
            <h3>Be Innovative</h3>
            <TileValue>{loaded.innovativeEntries}</TileValue>
            <TileDetail>{loaded.innovationRate}% of entries</TileDetail>
          </Tile>
        </Tiles>
      )}
    </DashboardSection>
  );
}
