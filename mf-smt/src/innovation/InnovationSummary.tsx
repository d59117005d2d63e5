import styled from 'styled-components';
import { SMT_MESSAGES as M, type SmtHighlight, type SmtOverview } from '@tht/contracts';
import { DashboardSection, EmptyText } from '@tht/ui';

const Counts = styled.p`
  margin: 0;
  font-weight: 600;
`;

const Highlights = styled.ul`
  list-style: none;
  margin: ${({ theme }) => theme.spacing(3)} 0 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.spacing(2)};
`;

const Highlight = styled.li`
  padding-left: ${({ theme }) => theme.spacing(3)};
  border-left: 3px solid ${({ theme }) => theme.colors.success};
  & h4 { margin: 0; font-size: 1rem; }
  & p { margin: 0; }
`;

const Byline = styled.p`
  font-size: 0.875rem;
  color: ${({ theme }) => theme.colors.mutedText};
`;

type InnovationSummaryProps = { year: number; overview: SmtOverview | undefined; error: Error | undefined };

/** The 'Be Innovative' summary: the year's innovative entries, hours and rate, and the 3 latest highlights. */
export function InnovationSummary({ year, overview, error }: InnovationSummaryProps) {
  return (
    <DashboardSection
      title={M.innovativeTitle}
      data={overview?.innovation}
      error={error}
      loadingLabel={M.loading}
      what="the innovative entries"
    >
      {(innovation) =>
        innovation.entries === 0 ? (
          <EmptyText>{M.noInnovative(year)}</EmptyText>
        ) : (
          <>
            <Counts>
              {innovation.entries} innovative {innovation.entries === 1 ? 'entry' : 'entries'} · {innovation.hours} hours ·{' '}
              {innovation.rate}% of all entries
            </Counts>
            <h3 className="visually-hidden">{M.latestHighlights}</h3>
            <Highlights aria-label={M.latestHighlights}>
              {innovation.highlights.map((highlight) => (
                <HighlightItem key={highlight.id} highlight={highlight} />
              ))}
            </Highlights>
          </>
        )
      }
    </DashboardSection>
  );
}

function HighlightItem({ highlight }: { highlight: SmtHighlight }) {
  return (
    <Highlight>
      <h4>{highlight.trainingName}</h4>
      <Byline>
        {highlight.employeeName}, {highlight.date}, {highlight.hours} hours
      </Byline>
      {highlight.notesPreview && <p>{highlight.notesPreview}</p>}
    </Highlight>
  );
}
