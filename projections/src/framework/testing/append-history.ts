import type { EventStore } from '@tht/eventstore';
import {
  describeOrganisation,
  historyEvents,
  ORGANISATION_SIZES,
  organisationHistory,
  type HistoryAppend,
} from '@tht/test-kit/organisation';

/** The first append of the sample history: 5 January 2026, 08:00 UTC (the appends are a minute apart). */
export const SAMPLE_HISTORY_START = new Date('2026-01-05T08:00:00.000Z');

/** The test kit's small organisation's history, for the rebuild and as-of tests: about 1,800 appends a minute apart. */
export function sampleHistory() {
  const history = organisationHistory(describeOrganisation(ORGANISATION_SIZES.small), { from: SAMPLE_HISTORY_START });
  return { appends: [...history.appends()], timeOf: history.timeOf };
}

/**
 * Appends a history with `writers` concurrent writers (appends to one stream stay in order), each
 * recorded at its `timeOf`, returning the global position of the last append. `firstIndex`: the
 * place of `appends` in the history when it is appended in parts.
 */
export async function appendHistory(
  store: EventStore,
  appends: readonly HistoryAppend[],
  { timeOf, writers = 1, firstIndex = 0 }: { timeOf: (index: number) => Date; writers?: number; firstIndex?: number },
): Promise<string> {
  let last = '';
  const byWriter = Array.from({ length: writers }, () => [] as { append: HistoryAppend; index: number }[]);
  const writerOf = new Map<string, number>();
  appends.forEach((append, index) => {
    // Streams created together (reservation, then the entity) stay on one writer, in order.
    const owner = writerOf.get(append.stream) ?? index % writers;
    writerOf.set(append.stream, owner);
    byWriter[owner]!.push({ append, index });
  });
  await Promise.all(
    byWriter.map(async (queue) => {
      for (const { append, index } of queue) {
        const { lastGlobalPosition } = await store.append(
          append.stream,
          historyEvents(append.events, timeOf(firstIndex + index)),
          append.expected,
        );
        if (lastGlobalPosition > last) last = lastGlobalPosition;
      }
    }),
  );
  return last;
}
