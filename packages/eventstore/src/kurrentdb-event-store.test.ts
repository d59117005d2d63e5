import { describe, expect, it } from 'vitest';
import { describeEventStoreContract } from './contract-suite';
import { createEventStore } from './create-event-store';
import type pg from 'pg';

const eventstoreUrl = process.env.EVENTSTORE_URL;
// The KurrentDB adapter never touches PostgreSQL.
const noPool = {} as pg.Pool;

if (eventstoreUrl) {
  describeEventStoreContract('KurrentDB', async () => ({
    createStore: ({ upcasters }) => createEventStore({ pool: noPool, eventstoreUrl, upcasters, pollIntervalMs: 60_000 }),
  }));
} else {
  console.info('KurrentDB event store contract skipped: EVENTSTORE_URL is not set (no Docker engine here for testcontainers).');
  describe.skip('KurrentDB event store contract (needs EVENTSTORE_URL)', () => {
    it('runs the shared contract suite against a KurrentDB server', () => {});
  });
}

describe('KurrentDB connection settings', () => {
  it('rejects an EVENTSTORE_URL that is not a KurrentDB URL, naming the setting', () => {
    expect(() => createEventStore({ pool: noPool, eventstoreUrl: 'http://localhost:2113' })).toThrow(
      'EVENTSTORE_URL is not a valid KurrentDB connection string (it must start with esdb:// or kurrentdb://): http://localhost:2113',
    );
    expect(() => createEventStore({ pool: noPool, eventstoreUrl: 'esdb://user:secret@localhost:2113?tls=maybe' })).toThrow(
      /^EVENTSTORE_URL is not a valid KurrentDB connection string .*esdb:\/\/\*\*\*@localhost:2113/,
    );
  });
});
