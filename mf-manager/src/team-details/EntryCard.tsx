import { Fragment, useId } from 'react';
import styled from 'styled-components';
import { displayTrainingType, formatEntryDate, formatEntryHours, formatRating, type EntryView } from '@tht/contracts';
import { Badge } from '@tht/ui';
import { EntryEvidence, EvidenceCount } from '@tht/ui/evidence';
import { EntrySource } from '@tht/ui/reported';

const Card = styled.article`
  padding: ${({ theme }) => theme.spacing(3)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.medium};
  background: ${({ theme }) => theme.colors.surface};
  & h4 { margin: 0 0 ${({ theme }) => theme.spacing(2)}; font-size: 1rem; }
`;

const Title = styled.div`
  display: flex;
  justify-content: space-between;
  gap: ${({ theme }) => theme.spacing(2)};
`;

const Facts = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: ${({ theme }) => `${theme.spacing(1)} ${theme.spacing(3)}`};
  margin: 0;
  font-size: 0.875rem;
  & dt { color: ${({ theme }) => theme.colors.mutedText}; }
  & dd { margin: 0; }
`;

const BadgeLine = styled.p`
  margin: ${({ theme }) => theme.spacing(2)} 0 0;
`;

/** One training of a report: name, date, hours, type, rating, the Be Innovative badge and the files attached, to download. */
export function EntryCard({ entry }: { entry: EntryView }) {
  const titleId = useId();
  const facts: Array<[string, string]> = [
    ['Date', formatEntryDate(entry.date)],
    ['Hours', formatEntryHours(entry)],
    ['Type', displayTrainingType(entry.trainingType)],
    ['Rating', formatRating(entry.rating)],
  ];
  return (
    <Card aria-labelledby={titleId}>
      <Title>
        <h4 id={titleId}>{entry.trainingName}</h4>
        <EvidenceCount count={entry.evidenceCount} />
      </Title>
      <Facts>
        {facts.map(([term, value]) => (
          <Fragment key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </Fragment>
        ))}
      </Facts>
      {(entry.beInnovative || entry.source) && (
        <BadgeLine>
          {entry.beInnovative && <Badge $tone="info">Be Innovative</Badge>} <EntrySource entry={entry} />
        </BadgeLine>
      )}
      {entry.evidenceCount > 0 && (
        <EntryEvidence entryId={entry.id} canChange={false} title={`Evidence of ${entry.trainingName}`} />
      )}
    </Card>
  );
}
