import { AS_OF_MESSAGES, AS_OF_RETRY_AFTER_SECONDS } from '@tht/contracts';
import type { OperationDoc } from '../openapi/operations';
import { AS_OF_BUSY_RETRY_AFTER_SECONDS } from './as-of-responses';

/**
 * The prose of a year's read that also answers `?asOf=` (`sendAsOfJson`; its route declares the
 * 202): what `asOf` does, the 202 while the replay runs, and the 503 of a failed one or of busy replays.
 */
export function asOfRead<Doc extends OperationDoc>(doc: Doc): Doc & { responses: { 202: string } } {
  return {
    ...doc,
    description:
      `${doc.description ?? ''} With \`asOf\` (a UTC day, to its end, or an ISO time; not in the future) the answer is as it ` +
      'stood then, read from the event log replayed up to the last event recorded by that moment (its year by default). ' +
      `That replay is built in the background on first request: until it is there the answer is 202 with its progress and ` +
      `\`Retry-After: ${AS_OF_RETRY_AFTER_SECONDS}\`; ask again. The last 3 replays are kept. At most 3 replays are queued ` +
      `at once, and one for each user: a new moment beyond that is refused with 503 and \`Retry-After: ${AS_OF_BUSY_RETRY_AFTER_SECONDS}\`.`,
    responses: {
      ...doc.responses,
      202: 'The read models as of `asOf` are being replayed; ask again after Retry-After seconds',
    },
    errors: {
      ...doc.errors,
      503: [AS_OF_MESSAGES.replayFailed, AS_OF_MESSAGES.replaysBusy, AS_OF_MESSAGES.ownReplayUnderWay],
    },
    headers: {
      ...doc.headers,
      202: { 'Retry-After': `Seconds to wait before asking again (${AS_OF_RETRY_AFTER_SECONDS})` },
      503: { 'Retry-After': `Seconds to wait before asking again when the replays are busy (${AS_OF_BUSY_RETRY_AFTER_SECONDS})` },
    },
  };
}
