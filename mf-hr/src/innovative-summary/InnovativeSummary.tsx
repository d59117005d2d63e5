import styled from 'styled-components';
import { AS_OF_LABELS, HR_LIMITS, HR_MESSAGES as M, type InnovativeHighlight } from '@tht/contracts';
import { DashboardSection, EmptyText, ExportAllDataButton, Tile, Tiles, TileValue } from '@tht/ui';
import { useHrStats, type HrShown } from '../hr-api/hrApi';

const Highlights = styled.ol`
  list-style: none;
  margin: ${({ theme }) => theme.spacing(4)} 0 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.spacing(3)};
`;

const Highlight = styled.li`
  padding: ${({ theme }) => theme.spacing(3)};
  border-left: 4px solid ${({ theme }) => theme.colors.success};
  background: ${({ theme }) => theme.colors.subtle};
  border-radius: ${({ theme }) => theme.radii.small};
  & h4 { margin: 0; font-size: 1rem; }
  & p { margin: ${({ theme }) => theme.spacing(1)} 0 0; }
`;

const Meta = styled.p`
  color: ${({ theme }) => theme.colors.mutedText};
  font-size: 0.875rem;
`;

function HighlightItem({ entry }: { entry: InnovativeHighlight }) {
  return (
    <Highlight>
      <h4>{entry.trainingName}</h4>
      <Meta>
        {entry.employeeName} · {entry.date} · {entry.hours} hours
      </Meta>
      {entry.notesPreview && <p>{entry.notesPreview}</p>}
    </Highlight>
  );
}

/**
 * Innovative summary: counts, hours, rate and the 5 latest innovative
 * entries (notes cut to 100 characters); an export of all of the year's innovative entries when
 * there are more than 5 (as of the day shown, when one is).
 */
export function InnovativeSummary(shown: HrShown) {
  const { year, asOf } = shown;
  const { stats, error } = useHrStats(shown);
  return (
    <DashboardSection
      title={M.innovativeTitle}
      data={stats}
      error={error}
      loadingLabel={M.loading}
      what="the innovative entries"
      actions={(loaded) =>
        loaded.innovativeEntries > HR_LIMITS.recentInnovative && (
          <ExportAllDataButton
            label={asOf ? AS_OF_LABELS.exportAsOf(M.exportInnovative, asOf) : M.exportInnovative}
            limits={{ year, innovative: true, asOf }}
          />
        )
      }
    >
      {(loaded) =>
        loaded.innovativeEntries === 0 ? (
          <EmptyText>{M.noInnovative(year)}</EmptyText>
        ) : (
          <>
            <Tiles>
              <Tile>
                <h3>Innovative Entries</h3>
                <TileValue>{loaded.innovativeEntries}</TileValue>
              </Tile>
              <Tile>
                <h3>Innovative Hours</h3>
                <TileValue>{loaded.innovativeHours}</TileValue>
              </Tile>
              <Tile>
                <h3>Innovation Rate</h3>
                <TileValue>{loaded.innovationRate}%</TileValue>
              </Tile>
            </Tiles>
            <Highlights aria-label="Latest innovative entries">
              {loaded.recentInnovative.map((entry) => (
                <HighlightItem key={entry.id} entry={entry} />
              ))}
            </Highlights>
          </>
        )
      }
    </DashboardSection>
  );
}
