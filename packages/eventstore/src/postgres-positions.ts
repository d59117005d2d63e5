import type { EventMetadata, RecordedEvent } from './port';

/*
 * Global order without gaps that fill later.
 *
 * A bigserial alone is not a safe checkpoint: transaction A can take position 7, transaction B
 * position 8, and B can commit first; a reader that saw 8 would never go back for 7. So every
 * event also stores the id of the transaction that appended it (`pg_current_xact_id()`), the log
 * is ordered by (transaction_id, position), and a reader only sees events whose transaction id is
 * below `readable_before()` (postgres-schema.ts), the xmin of its snapshot: every transaction
 * below xmin has finished, and any transaction that has not committed yet (or starts later) has an
 * id >= xmin, so it can only add events after everything a reader has already seen. Appends stay
 * fully concurrent (no global lock).
 *
 * The price: a long-running writing transaction of this database holds back what readers see until
 * it ends. Keep writing transactions short (the projection runner and rebuild commit per batch).
 * One in another database of the server (an organisation's PostgreSQL server often hosts other
 * applications' databases) holds it back for about a second: once xmin has not moved for that
 * long, the transactions the backends' activity shows in another database are left out, as they
 * cannot append here. When a read finds events held back, the store wakes its `onAppended`
 * listeners again shortly, because the transaction holding them back sends no notification.
 *
 * globalPosition = 20-digit transaction id + '-' + 20-digit position, so plain string comparison
 * is the log order.
 */

const DIGITS = 20;
export const START = { transactionId: '0', position: '0' };

export function encodePosition(transactionId: string, position: string): string {
  return `${transactionId.padStart(DIGITS, '0')}-${position.padStart(DIGITS, '0')}`;
}

export function decodePosition(globalPosition: string): { transactionId: string; position: string } {
  const match = /^(\d{20})-(\d{20})$/.exec(globalPosition);
  if (!match) throw new Error(`Not a PostgreSQL event store position: ${globalPosition}`);
  return { transactionId: BigInt(match[1]!).toString(), position: BigInt(match[2]!).toString() };
}

/**
 * Rows come as arrays (cheaper to build than objects for every event of a replay); the position is
 * formatted by PostgreSQL, again cheaper there than in JavaScript.
 */
export const SELECT_EVENT = `lpad(transaction_id::text, ${DIGITS}, '0') || '-' || lpad(position::text, ${DIGITS}, '0'),
  event_id, stream_name, stream_version, type, data, metadata`;

export type EventTuple = [
  globalPosition: string,
  eventId: string,
  streamName: string,
  streamVersion: number,
  type: string,
  data: unknown,
  metadata: EventMetadata,
];

export function toRecordedEvent([
  globalPosition,
  eventId,
  streamName,
  streamVersion,
  type,
  data,
  metadata,
]: EventTuple): RecordedEvent {
  return { eventId, streamName, streamVersion, globalPosition, type, data, metadata };
}
