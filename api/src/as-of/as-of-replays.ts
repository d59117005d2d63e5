import { createEventStore, type EventStore } from '@tht/eventstore';
import { createDb, createPool } from '@tht/postgres';
import { sql } from 'kysely';
import type pg from 'pg';
import {
  asOfSchema,
  positionOfCut,
  replayAside,
  replayedAsideSchemas,
  type ReadModelTables,
  type RebuildProgress,
} from 'projections';
import type { Logger } from '../platform/logger';

/**
 * The organisation's read models as of a moment, for `?asOf=`: the event log replayed up to the
 * last event recorded by then into a schema of its own (`replayAside`, as `npm run replay` does),
 * built in the background on a small pool of its own, one replay at a time, the last few kept.
 * Keyed by the log position the moment resolves to, so every moment between two events shares
 * one replay.
 */
export type AsOfOutcome<T> = { status: 'ready'; value: T } | { status: 'building'; progress: number } | { status: 'failed' };

export interface AsOfReplays {
  /**
   * Runs `read` on the read models as of `recordedBy` when they are replayed (the schema is not
   * dropped meanwhile); else starts their replay (once) and tells how far it is, or that it failed
   * (told once: the next call starts it again).
   */
  withReadModels<T>(recordedBy: Date, read: (schema: string) => Promise<T>): Promise<AsOfOutcome<T>>;
  /** Stops the replay under way (it fails) and closes the pool. */
  close(): Promise<void>;
}

export interface AsOfReplaysOptions {
  /** The API's pool: the replays connect to the same database with a pool of their own. */
  pool: pg.Pool;
  /** `EVENTSTORE_URL`: the replays read the log from KurrentDB through a client of their own. */
  eventstoreUrl: string | null;
  log: Logger;
  /** Replayed schemas kept at most (the least recently used is dropped). */
  keep?: number;
  /** Events per batch read and applied (tests use small ones to see progress). */
  batchSize?: number;
}

interface Replay {
  position: string;
  schema: string;
  state: 'queued' | 'building' | 'ready' | 'failed';
  progress: number;
  /** When it was last read (0: found from an earlier run, not read since). */
  lastUsed: number;
  /** Reads under way: the schema is not dropped under them. */
  readers: number;
}

/** One for the replay's advisory lock, one for its batches, the log's reads and the look-ups. */
const POOL_SIZE = 2;
const KEEP = 3;
/** A moment this far back resolves to the same position from now on (concurrent commits settle within milliseconds). */
const SETTLED_MS = 60_000;
const RESOLVED_KEPT = 1_000;

/** The replay's share done: the log's size is all the store tells, so a cut before its end stays short of 1 until done. */
function shareDone({ phase, done, total }: RebuildProgress): number {
  if (phase === 'done') return 1;
  if (phase !== 'replaying') return 0.99;
  return total ? Math.min(0.98, done / total) : 0;
}

export function createAsOfReplays({ pool: apiPool, eventstoreUrl, log, keep = KEEP, batchSize }: AsOfReplaysOptions): AsOfReplays {
  const connectionString = apiPool.options.connectionString;
  if (!connectionString) throw new Error('The as-of replays need the pool of a connection string');
  const pool = createPool(connectionString, { max: POOL_SIZE });
  const db = createDb<ReadModelTables>(pool);
  let store: EventStore | null = null;
  const storeOf = () => (store ??= createEventStore({ pool, eventstoreUrl }));
  const replays = new Map<string, Replay>();
  const resolved = new Map<number, string>();
  let found: Promise<void> | null = null;
  let jobs = Promise.resolve();
  let closed = false;

  /** Schemas replayed by earlier runs (or `npm run replay -- --position`) are found again. */
  async function findEarlierReplays(): Promise<void> {
    for (const { schema, position } of await replayedAsideSchemas(db)) {
      if (schema !== asOfSchema({ position }) || replays.has(position)) continue;
      replays.set(position, { position, schema, state: 'ready', progress: 1, lastUsed: 0, readers: 0 });
    }
    await dropLeastRecentlyUsed(keep);
  }

  async function positionAt(recordedBy: Date): Promise<string> {
    const time = recordedBy.getTime();
    const known = resolved.get(time);
    if (known !== undefined) return known;
    const position = await positionOfCut(storeOf(), { recordedBy }, batchSize);
    if (Date.now() - time > SETTLED_MS) {
      if (resolved.size >= RESOLVED_KEPT) resolved.delete(resolved.keys().next().value!);
      resolved.set(time, position);
    }
    return position;
  }

  /** Drops the least recently used idle replayed schemas until at most `room` are kept. */
  async function dropLeastRecentlyUsed(room: number): Promise<void> {
    const ready = [...replays.values()].filter((replay) => replay.state === 'ready').sort((a, b) => a.lastUsed - b.lastUsed);
    for (const replay of ready.slice(0, Math.max(0, ready.length - room))) {
      if (replay.readers > 0) continue;
      replays.delete(replay.position);
      await sql`DROP SCHEMA IF EXISTS ${sql.id(replay.schema)} CASCADE`.execute(db);
    }
  }

  async function build(replay: Replay): Promise<void> {
    replay.state = 'building';
    try {
      await dropLeastRecentlyUsed(keep - 1);
      await replayAside({
        pool,
        store: storeOf(),
        until: { position: replay.position },
        schema: replay.schema,
        batchSize,
        onProgress: (progress) => (replay.progress = shareDone(progress)),
      });
      Object.assign(replay, { state: 'ready', progress: 1 });
    } catch (error) {
      replay.state = 'failed';
      if (!closed) log.error(`Replaying the event log up to ${replay.position || 'its start'} into ${replay.schema} failed`, error);
      await sql`DROP SCHEMA IF EXISTS ${sql.id(replay.schema)} CASCADE`.execute(db).catch(() => {});
    }
  }

  /** The replay of `position`, queued behind the one under way when it is new. */
  function replayOf(position: string): Replay {
    const known = replays.get(position);
    if (known) return known;
    const replay: Replay = {
      position,
      schema: asOfSchema({ position }),
      state: 'queued',
      progress: 0,
      lastUsed: Date.now(),
      readers: 0,
    };
    replays.set(position, replay);
    jobs = jobs.then(() => build(replay));
    return replay;
  }

  return {
    async withReadModels(recordedBy, read) {
      await (found ??= findEarlierReplays().catch((error: unknown) => {
        found = null;
        throw error;
      }));
      const replay = replayOf(await positionAt(recordedBy));
      if (replay.state === 'failed') {
        replays.delete(replay.position);
        return { status: 'failed' };
      }
      if (replay.state !== 'ready') return { status: 'building', progress: replay.progress };
      replay.lastUsed = Date.now();
      replay.readers++;
      try {
        return { status: 'ready', value: await read(replay.schema) };
      } finally {
        replay.readers--;
      }
    },
    async close() {
      closed = true;
      await store?.close();
      await pool.end();
      await jobs;
    },
  };
}
