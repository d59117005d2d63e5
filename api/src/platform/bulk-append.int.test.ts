import type { EventStore } from '@tht/eventstore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../testing/test-app';
import { appendNewStreams } from './bulk-append';
import { systemActor } from './commands';

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
});

afterAll(() => app?.close());

const streams = (prefix: string, count: number) =>
  Array.from({ length: count }, (_, index) => ({
    streamName: `${prefix}-${index}`,
    events: [{ type: 'BulkProbe', data: { index } }],
  }));

/** The same store without multi-stream appends, as KurrentDB's adapter is. */
function singleAppendsOnly(store: EventStore): EventStore {
  const copy: EventStore = { ...store };
  delete copy.appendToNewStreams;
  return copy;
}

describe('appendNewStreams', () => {
  for (const [how, storeOf] of [
    ['in transactions of many streams', (store: EventStore) => store],
    ['stream by stream where the store cannot start many at once', singleAppendsOnly],
  ] as const) {
    it(`starts every stream with its events ${how}, and returns the last position`, async () => {
      const prefix = `bulk-${how.length}`;
      const actor = systemActor();
      const last = await appendNewStreams(storeOf(app.ctx.store), streams(prefix, 1_203), actor, app.ctx.now().toISOString());
      // The global log shows an append once no earlier transaction is still open: wait until the projections passed it.
      expect(await app.ctx.readModels.waitFor(last!, 5_000)).toBe(true);
      const { events } = await app.ctx.store.readAll(null, 100_000);
      const mine = events.filter((event) => event.streamName.startsWith(`${prefix}-`));
      expect(mine).toHaveLength(1_203);
      expect(new Set(mine.map((event) => event.streamName)).size).toBe(1_203);
      expect(mine.every((event) => event.streamVersion === 0 && event.metadata.correlationId === actor.correlationId)).toBe(true);
      expect(last).toBe(
        mine
          .map((event) => event.globalPosition)
          .sort()
          .at(-1),
      );
    });
  }

  it('answers null for no streams, and refuses a stream that exists', async () => {
    const now = app.ctx.now().toISOString();
    expect(await appendNewStreams(app.ctx.store, [], systemActor(), now)).toBeNull();
    await appendNewStreams(app.ctx.store, streams('bulk-taken', 1), systemActor(), now);
    await expect(appendNewStreams(app.ctx.store, streams('bulk-taken', 2), systemActor(), now)).rejects.toMatchObject({
      name: 'ConcurrencyError',
    });
  });
});
