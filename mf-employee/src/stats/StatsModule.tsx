import styled from 'styled-components';
import { elapsedShareOfYear, isOnTrack, trackLabel, type EntryStats } from '@tht/contracts';
import { Badge, Card, CardTitle, errorMessageOf, FieldError, Spinner } from '@tht/ui';
import { useOwnEntries, useOwnStats } from '../entries/entriesApi';
import { usePersonalTarget } from '../progress/usePersonalTarget';

const Tiles = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(12rem, 1fr));
  gap: ${({ theme }) => theme.spacing(4)};
`;

const Tile = styled.li`
  padding: ${({ theme }) => theme.spacing(4)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.medium};
  & h3 { margin: 0; font-size: 0.9375rem; color: ${({ theme }) => theme.colors.mutedText}; }
  & p { margin: ${({ theme }) => theme.spacing(1)} 0 0; }
`;

const Value = styled.p`
  font-size: 1.75rem;
  font-weight: 700;
`;

const Detail = styled.p`
  color: ${({ theme }) => theme.colors.mutedText};
  font-size: 0.875rem;
`;

type StatsModuleProps = { userId: number; year: number };

/** The four stat tiles of My Dashboard. */
export function StatsModule({ userId, year }: StatsModuleProps) {
  const { stats, error } = useOwnStats(userId, year);
  const { entries, isLoading: entriesLoading } = useOwnEntries(userId, year);
  const target = usePersonalTarget(userId, year);
  return (
    <Card aria-labelledby="stats-module-title">
      <CardTitle id="stats-module-title">Statistics</CardTitle>
      {error ? (
        <FieldError role="alert">Failed to load statistics: {errorMessageOf(error, 'please try again.')}</FieldError>
      ) : !stats || entriesLoading || target.isLoading ? (
        <Spinner label="Loading..." />
      ) : (
        <StatTiles
          stats={stats}
          innovativeEntries={entries.filter((entry) => entry.beInnovative).length}
          targetHours={target.targetHours}
          year={year}
        />
      )}
    </Card>
  );
}

type StatTilesProps = { stats: EntryStats; innovativeEntries: number; targetHours: number; year: number };

/**
 * Total Hours (with On Track / Behind Target against the personal target), Completed Training,
 * This Month and Innovative Entries.
 */
function StatTiles({ stats, innovativeEntries, targetHours, year }: StatTilesProps) {
  const elapsedShare = elapsedShareOfYear(year);
  const onTrack = isOnTrack(stats.totalHours, targetHours, elapsedShare);
  const tiles: Array<{ title: string; value: number; detail: string; track?: string }> = [
    {
      title: 'Total Hours',
      value: stats.totalHours,
      detail: `of your ${targetHours} hour target`,
      track: trackLabel(stats.totalHours, targetHours, elapsedShare),
    },
    { title: 'Completed Training', value: stats.completedTraining, detail: `training sessions in ${year}` },
    { title: 'This Month', value: stats.thisMonth, detail: 'hours dated this month' },
    { title: 'Innovative Entries', value: innovativeEntries, detail: 'Be Innovative entries' },
  ];
  return (
    <Tiles>
      {tiles.map((tile) => (
        <Tile key={tile.title}>
          <h3>{tile.title}</h3>
          <Value>{tile.value}</Value>
          <Detail>{tile.detail}</Detail>
          {tile.track && (
            <p>
              <Badge $tone={onTrack ? 'success' : 'warning'}>{tile.track}</Badge>
            </p>
          )}
        </Tile>
      ))}
    </Tiles>
  );
}
