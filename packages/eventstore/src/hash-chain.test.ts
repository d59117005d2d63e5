import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { canonicalEvent, chainHash, GENESIS_HASH, type ChainedEvent } from './hash-chain';

const event: ChainedEvent = {
  globalPosition: '00000000000000000007-00000000000000000003',
  eventId: '6f1c1c2e-8a43-4a4e-9d3c-5a0b8f3e0c11',
  streamName: 'entry-1',
  streamVersion: 0,
  type: 'EntryLogged',
  data: { hours: 3.5, title: 'Ünïcode', b: [1, { z: 1, a: 2 }] },
  metadata: { actorId: '7', correlationId: 'c', occurredAt: '2026-03-12T14:02:00.000Z', schemaVersion: 1 },
};

describe('hash chain', () => {
  it('covers the event in RFC 8785 form: keys sorted at every level, no whitespace, position included', () => {
    expect(canonicalEvent(event)).toBe(
      '{"data":{"b":[1,{"a":2,"z":1}],"hours":3.5,"title":"Ünïcode"},"eventId":"6f1c1c2e-8a43-4a4e-9d3c-5a0b8f3e0c11",' +
        '"metadata":{"actorId":"7","correlationId":"c","occurredAt":"2026-03-12T14:02:00.000Z","schemaVersion":1},' +
        '"position":"00000000000000000007-00000000000000000003","streamName":"entry-1","streamVersion":0,"type":"EntryLogged"}',
    );
  });

  it('is SHA-256 over the previous hash followed by the canonical form', () => {
    const expected = createHash('sha256')
      .update(GENESIS_HASH + canonicalEvent(event))
      .digest('hex');
    expect(chainHash(GENESIS_HASH, event)).toBe(expected);
    expect(chainHash(GENESIS_HASH, event)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('changes when any byte of the event or the previous hash changes, but not with key order', () => {
    const base = chainHash(GENESIS_HASH, event);
    expect(chainHash(GENESIS_HASH, { ...event, data: { ...(event.data as object), hours: 3.6 } })).not.toBe(base);
    expect(chainHash(GENESIS_HASH, { ...event, streamVersion: 1 })).not.toBe(base);
    expect(chainHash('1'.repeat(64), event)).not.toBe(base);
    const reordered = {
      metadata: event.metadata,
      type: event.type,
      data: event.data,
      streamVersion: 0,
      streamName: 'entry-1',
      eventId: event.eventId,
      globalPosition: event.globalPosition,
    };
    expect(chainHash(GENESIS_HASH, reordered)).toBe(base);
  });
});
