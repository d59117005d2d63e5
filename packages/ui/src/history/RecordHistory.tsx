import { useId, useState } from 'react';
import styled from 'styled-components';
import { describeHistoryItem, formatHistoryTime, type HistoryKind } from '@tht/contracts';
import { Button, EmptyText } from '@tht/ui';
import { useRecordHistory } from './historyApi';

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

type RecordHistoryProps = {
  kind: HistoryKind;
  /** The record's id in `GET /api/history/{kind}/{id}`. */
  id: string;
  /** The timeline's accessible name, e.g. "Entry history". */
  label: string;
};

/**
 * A record's changes, oldest first, as a readable timeline: "12 Mar 2026 14:02, Ann Lee changed
 * hours 2 -> 3.5" (the time in the reader's zone).
 */
export function HistoryTimeline({ kind, id, label }: RecordHistoryProps) {
  const { items, error, isLoading } = useRecordHistory(kind, id);
  if (error) return <EmptyText role="alert">{error.message}</EmptyText>;
  if (isLoading) return <EmptyText>Loading history...</EmptyText>;
  return (
    <Timeline aria-label={label}>
      {items.map((item) => (
        <li key={item.position}>
          <time dateTime={item.at}>{formatHistoryTime(item.at)}</time>, {describeHistoryItem(item)}
        </li>
      ))}
    </Timeline>
  );
}

/** A History section with a Show/Hide History button: the timeline is asked for only when shown. */
export function HistorySection(props: RecordHistoryProps) {
  const [shown, setShown] = useState(false);
  const timelineId = useId();
  return (
    <Section aria-label="History">
      <Button $variant="secondary" aria-expanded={shown} aria-controls={timelineId} onClick={() => setShown(!shown)}>
        {shown ? 'Hide History' : 'Show History'}
      </Button>
      {shown && (
        <div id={timelineId}>
          <HistoryTimeline {...props} />
        </div>
      )}
    </Section>
  );
}
