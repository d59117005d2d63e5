import { randomBytes } from 'node:crypto';
import type { UpcasterRegistry } from '@tht/contracts/events/upcasters';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConcurrencyError, type EventMetadata, type EventStore, type NewEvent, type RecordedEvent } from './port';

export interface EventStoreContractBackend {
  /** A new store on the backend; the suite closes every store it creates. */
  createStore(options: { upcasters: UpcasterRegistry }): EventStore | Promise<EventStore>;
  /** Called once after the suite. */
  dispose?(): Promise<void>;
}

/** `connect` may start a server first (testcontainers pulling and starting KurrentDB). */
const CONNECT_TIMEOUT_MS = 180_000;

const UPCAST_TYPE = 'ContractSuiteNoteWritten';
/** v1 `{ text }` -> v2 `{ body }` -> v3 `{ body, pinned }`. */
const contractUpcasters: UpcasterRegistry = {
  [UPCAST_TYPE]: {
    1: (data: { text: string }) => ({ body: data.text }),
    2: (data: { body: string }) => ({ ...data, pinned: false }),
  },
};

/**
 * The behaviour every event store adapter must have. Works on a shared, non-empty backend too
 * (a KurrentDB server): every run uses its own stream names and only looks at its own events.
 */
export function describeEventStoreContract(adapterName: string, connect: () => Promise<EventStoreContractBackend>): void {
  describe(`${adapterName} event store contract`, () => {
    const run = `ct${randomBytes(4).toString('hex')}`;
    const stream = (name: string) => `${run}-${name}`;
    const ownEvents = (events: readonly RecordedEvent[]) => events.filter((e) => e.streamName.startsWith(`${run}-`));
    let backend: EventStoreContractBackend;
    const stores: EventStore[] = [];
    let store: EventStore;

    async function newStore(upcasters: UpcasterRegistry = contractUpcasters): Promise<EventStore> {
      const created = await backend.createStore({ upcasters });
      stores.push(created);
      return created;
    }

    beforeAll(async () => {
      backend = await connect();
      store = await newStore();
    }, CONNECT_TIMEOUT_MS);
    afterAll(async () => {
      await Promise.all(stores.map((s) => s.close()));
      await backend?.dispose?.();
    });

    it('appends to a new stream and reads it back in stream order with ids and metadata', async () => {
      const name = stream('order');
      const result = await store.append(
        name,
        [event('Opened', { n: 1 }), event('Noted', { n: 2 }), event('Closed', { n: 3 })],
        'no_stream',
      );

      const events = await store.readStream(name);
      expect(events.map((e) => [e.type, e.data, e.streamName, e.streamVersion])).toEqual([
        ['Opened', { n: 1 }, name, 0],
        ['Noted', { n: 2 }, name, 1],
        ['Closed', { n: 3 }, name, 2],
      ]);
      expect(events[0]!.metadata).toEqual(metadata());
      for (const e of events) expect(e.eventId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      expect(new Set(events.map((e) => e.eventId)).size).toBe(3);
      expect(result).toEqual({ nextExpectedVersion: 2, lastGlobalPosition: events[2]!.globalPosition });
      expect(isAscending(events.map((e) => e.globalPosition))).toBe(true);
    });

    it('reads a stream that does not exist as an empty list', async () => {
      expect(await store.readStream(stream('never-written'))).toEqual([]);
    });

    it('reads part of a stream: the chosen versions and every event from a version on, in stream order', async () => {
      const name = stream('selection');
      await store.append(
        name,
        Array.from({ length: 10 }, (_, n) => event(n % 3 === 0 ? 'Kept' : 'Skipped', { n })),
        'no_stream',
      );

      const part = await store.readStream(name, { versions: [6, 0, 3, 4], from: 8 });
      expect(part.map((e) => [e.streamVersion, e.data])).toEqual([0, 3, 4, 6, 8, 9].map((n) => [n, { n }]));
      expect((await store.readStream(name, { versions: [], from: 10 })).map((e) => e.streamVersion)).toEqual([]);
      expect(await store.readStream(stream('never-written'), { versions: [0], from: 1 })).toEqual([]);
    });

    it('appends with the current version and rejects a stale one without appending', async () => {
      const name = stream('versions');
      await store.append(name, [event('First')], 'no_stream');
      expect((await store.append(name, [event('Second')], 0)).nextExpectedVersion).toBe(1);

      const stale = await store.append(name, [event('Lost')], 0).catch((error: unknown) => error);
      expect(stale).toBeInstanceOf(ConcurrencyError);
      expect(stale).toMatchObject({ streamName: name, expected: 0, actual: 1 });
      const ahead = await store.append(name, [event('Lost')], 5).catch((error: unknown) => error);
      expect(ahead).toMatchObject({ expected: 5, actual: 1 });
      expect((await store.readStream(name)).map((e) => e.type)).toEqual(['First', 'Second']);
    });

    it("rejects 'no_stream' on an existing stream and a version on a missing one", async () => {
      const name = stream('exists');
      await store.append(name, [event('Reserved')], 'no_stream');
      await expect(store.append(name, [event('Again')], 'no_stream')).rejects.toMatchObject({
        name: 'ConcurrencyError',
        expected: 'no_stream',
        actual: 0,
      });
      await expect(store.append(stream('missing'), [event('X')], 0)).rejects.toMatchObject({ expected: 0, actual: 'no_stream' });
      expect(await store.readStream(stream('missing'))).toEqual([]);
    });

    it("appends with 'any' whether or not the stream exists", async () => {
      const name = stream('any');
      expect((await store.append(name, [event('A')], 'any')).nextExpectedVersion).toBe(0);
      expect((await store.append(name, [event('B'), event('C')], 'any')).nextExpectedVersion).toBe(2);
      expect((await store.readStream(name)).map((e) => e.streamVersion)).toEqual([0, 1, 2]);
    });

    it("lets exactly one of 20 concurrent 'no_stream' reservations win", async () => {
      const name = stream('reservation');
      const contenders = await Promise.all(Array.from({ length: 4 }, () => newStore()));
      const results = await Promise.allSettled(
        Array.from({ length: 20 }, (_, i) =>
          contenders[i % contenders.length]!.append(name, [event('Reserved', { by: i })], 'no_stream'),
        ),
      );

      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const rejected = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
      expect(rejected).toHaveLength(19);
      for (const r of rejected) expect(r.reason).toBeInstanceOf(ConcurrencyError);
      expect(await store.readStream(name)).toHaveLength(1);
    });

    it('lets exactly one of 10 concurrent appends with the same expected version win', async () => {
      const name = stream('race');
      await store.append(name, [event('Start')], 'no_stream');
      const results = await Promise.allSettled(Array.from({ length: 10 }, (_, i) => store.append(name, [event('Next', { i })], 0)));
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      expect((await store.readStream(name)).map((e) => e.streamVersion)).toEqual([0, 1]);
    });

    it('reads the global log in batches and resumes from a position', async () => {
      const streams = ['log-a', 'log-b', 'log-c'].map(stream);
      const appended: string[] = [];
      for (let i = 0; i < 25; i++) {
        const name = streams[i % 3]!;
        await store.append(name, [event('Logged', { i })], 'any');
        appended.push(`${name}#${i}`);
      }

      const batches = await readToEnd(store, null, 7);
      const seen = ownEvents(batches.flatMap((b) => b.events)).filter((e) => streams.includes(e.streamName));
      expect(seen.map((e) => `${e.streamName}#${(e.data as { i: number }).i}`)).toEqual(appended);
      const positions = batches.flatMap((b) => b.events).map((e) => e.globalPosition);
      expect(isAscending(positions)).toBe(true);
      for (const batch of batches) {
        expect(batch.events.length).toBeLessThanOrEqual(7);
        if (batch.events.length > 0) expect(batch.lastPosition).toBe(batch.events.at(-1)!.globalPosition);
      }

      const middle = seen[11]!.globalPosition;
      const resumed = ownEvents((await readToEnd(store, middle, 5)).flatMap((b) => b.events)).filter((e) =>
        streams.includes(e.streamName),
      );
      expect(resumed.map((e) => e.eventId)).toEqual(seen.slice(12).map((e) => e.eventId));

      const end = batches.at(-1)!.lastPosition;
      expect(await store.readAll(end, 10)).toEqual({ events: [], lastPosition: end });
    });

    it('tells onAppended listeners about appends, also those made through another store', async () => {
      const writer = await newStore();
      const reader = await newStore();
      let calls = 0;
      const unsubscribe = reader.onAppended(() => {
        calls += 1;
      });
      try {
        await pause(200); // let the subscription settle
        const before = calls;
        await writer.append(stream('notified'), [event('Happened')], 'any');
        await waitUntil(() => calls > before, 5000);
      } finally {
        unsubscribe();
      }
    });

    it('upcasts old events on every read and leaves current ones alone', async () => {
      const name = stream('upcast');
      await store.append(
        name,
        [
          { type: UPCAST_TYPE, data: { text: 'old' }, metadata: metadata(1) },
          { type: UPCAST_TYPE, data: { body: 'new', pinned: true }, metadata: metadata(3) },
        ],
        'no_stream',
      );
      const expected = [
        { data: { body: 'old', pinned: false }, schemaVersion: 3 },
        { data: { body: 'new', pinned: true }, schemaVersion: 3 },
      ];
      const shape = (events: RecordedEvent[]) => events.map((e) => ({ data: e.data, schemaVersion: e.metadata.schemaVersion }));

      expect(shape(await store.readStream(name))).toEqual(expected);
      const fromLog = ownEvents((await readToEnd(store, null, 500)).flatMap((b) => b.events)).filter((e) => e.streamName === name);
      expect(shape(fromLog)).toEqual(expected);

      const plain = await newStore({});
      expect((await plain.readStream(name))[0]!.data).toEqual({ text: 'old' });
    });

    it('gives a follower every event of 20 concurrent writers exactly once, each stream in order', async () => {
      const writers = 20;
      const perWriter = 1000;
      const writerStores = await Promise.all(Array.from({ length: 4 }, () => newStore()));
      const follower = await newStore();

      const write = async (writer: number) => {
        const name = stream(`writer-${writer}`);
        const target = writerStores[writer % writerStores.length]!;
        let version = -1;
        for (let step = 0; version < perWriter - 1; step++) {
          const size = Math.min(((writer * 7 + step * 3) % 10) + 1, perWriter - 1 - version);
          const batch = Array.from({ length: size }, (_, i) => event('Counted', { writer, n: version + 1 + i }));
          version = (await target.append(name, batch, version < 0 ? 'no_stream' : version)).nextExpectedVersion;
        }
      };

      // An empty batch is not the end: a transaction of another database on the same server (the
      // other test file's) holds back what is readable for up to a second. The follower stops once
      // it has every event, or 20 s after the writers, and a last read checks nothing more comes.
      const seen: RecordedEvent[] = [];
      let writersDoneAt = Infinity;
      const follow = async () => {
        let position: string | null = null;
        const readNext = async () => {
          const batch = await follower.readAll(position, 500);
          position = batch.lastPosition;
          seen.push(...ownEvents(batch.events).filter((e) => e.type === 'Counted'));
          return batch.events.length;
        };
        while (seen.length < writers * perWriter && Date.now() - writersDoneAt < 20_000) {
          if ((await readNext()) === 0) await pause(5);
        }
        await readNext();
      };

      const following = follow();
      await Promise.all(Array.from({ length: writers }, (_, w) => write(w)));
      writersDoneAt = Date.now();
      await following;

      expect(seen).toHaveLength(writers * perWriter);
      expect(new Set(seen.map((e) => e.eventId)).size).toBe(writers * perWriter);
      expect(isAscending(seen.map((e) => e.globalPosition))).toBe(true);
      const perStream = new Map<string, number[]>();
      for (const e of seen) perStream.set(e.streamName, [...(perStream.get(e.streamName) ?? []), (e.data as { n: number }).n]);
      expect(perStream.size).toBe(writers);
      const inOrder = Array.from({ length: perWriter }, (_, i) => i);
      for (const ns of perStream.values()) expect(ns).toEqual(inOrder);
    });
  });
}

function metadata(schemaVersion = 1): EventMetadata {
  return { actorId: '7', correlationId: 'contract-suite', occurredAt: '2026-01-02T03:04:05.000Z', schemaVersion };
}

function event(type: string, data: unknown = {}): NewEvent {
  return { type, data, metadata: metadata() };
}

function isAscending(positions: readonly string[]): boolean {
  return positions.every((p, i) => i === 0 || positions[i - 1]! < p);
}

async function readToEnd(store: EventStore, after: string | null, limit: number) {
  const batches = [];
  let position = after;
  for (;;) {
    const batch = await store.readAll(position, limit);
    batches.push(batch);
    if (batch.events.length === 0) return batches;
    position = batch.lastPosition;
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitUntil(condition: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await pause(10);
  }
}
