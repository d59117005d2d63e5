import { useId, useState } from 'react';
import styled from 'styled-components';
import { describeHistoryItem, formatHistoryTime } from '@tht/contracts';
import { Button, EmptyText } from '@tht/ui';
import { useEntryHistory } from './entriesApi';

const Section = styled.section`
  margin-top: ${({ theme }) => theme.spacing(4)};
`;

const Timeline = styled.ol`
  margin: ${({ theme }) => `${theme.spacing(3)} 0 0`};
  padding-left: ${({ theme }) => theme.spacing(5)};
  display: grid;
  gap: ${({ theme }) => theme.spacing(2)};
  & time { font-weight: 600; }
`;

/** Who changed what and when, oldest first: shown on request, read from the entry's events. */
export function EntryHistory({ entryId }: { entryId: number }) {
  const [shown, setShown] = useState(false);
  const { items, error, isLoading } = useEntryHistory(entryId, shown);
  const timelineId = useId();
  return (
    <Section aria-label="History">
      <Button $variant="secondary" aria-expanded={shown} aria-controls={timelineId} onClick={() => setShown(!shown)}>
        {shown ? 'Hide History' : 'Show History'}
      </Button>
      {shown && (
        <div id={timelineId}>
          {error ? (
            <EmptyText role="alert">{error.message}</EmptyText>
          ) : isLoading ? (
            <EmptyText>Loading history...</EmptyText>
          ) : (
            <Timeline aria-label="Entry history">
              {items.map((item) => (
                <li key={item.position}>
                  <time dateTime={item.at}>{formatHistoryTime(item.at)}</time>, {describeHistoryItem(item)}
                </li>
              ))}
            </Timeline>
          )}
        </div>
      )}
    </Section>
  );
}
