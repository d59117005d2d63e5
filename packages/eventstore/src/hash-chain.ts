import { hash } from 'node:crypto';
import { canonicalJson } from './canonical-json';
import type { RecordedEvent } from './port';

/**
 * The tamper-evident chain over the global log: every event's hash covers the previous event's
 * hash and the event's RFC 8785 canonical form (canonical-json.ts), so changing, removing,
 * inserting or reordering any sealed event changes every hash from there on.
 *
 *   hash(n) = hex(SHA-256(utf8(hash(n-1) + canonical(event n)))), hash(0) = 64 zeros
 */
export const GENESIS_HASH = '0'.repeat(64);

/** What the chain covers: the stored event as written (not upcast), with its global position. */
export type ChainedEvent = Pick<
  RecordedEvent,
  'globalPosition' | 'eventId' | 'streamName' | 'streamVersion' | 'type' | 'data' | 'metadata'
>;

export function canonicalEvent(event: ChainedEvent): string {
  const { globalPosition, eventId, streamName, streamVersion, type, data, metadata } = event;
  return canonicalJson({ position: globalPosition, eventId, streamName, streamVersion, type, data, metadata });
}

export function chainHash(previousHash: string, event: ChainedEvent): string {
  return hash('sha256', previousHash + canonicalEvent(event), 'hex');
}
