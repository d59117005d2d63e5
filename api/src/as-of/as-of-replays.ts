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
 *
 * The work is bounded: at most `maxJobs` replays are queued or building, and as many moments
 * resolved at once (a read of the log up to it), each user waiting for one of each at a time.
 * Asking for what is under way already costs nothing; anything more is refused (`busy`).
 */
export type AsOfOutcome<T> =
  | { status: 'ready'; value: T }
  | { status: 'building'; progress: number }
  | { status: 'failed' }
  | { status: 'busy'; reason: AsOfBusy };

/** Why new work is refused: every slot is taken, or the user asking waits for work of theirs already. */
export type AsOfBusy = 'all-slots-taken' | 'own-job-under-way';

export interface AsOfReplays {
  /**
   * Runs `read` on the read models as of `recordedBy` when they are replayed (the schema is not
   * dropped meanwhile); else starts their replay (once, for `user`, when the bounds allow: else
   * `busy`) and tells how far it is, or that it failed (told once: the next call starts it again).
   */
  withReadModels<T>(recordedBy: Date, user: string, read: (schema: string) => Promise<T>): Promise<AsOfOutcome<T>>;
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
  /** Replays queued or building at most, and moments being resolved at most. */
  maxJobs?: number;
}

/** Work under way (a replay queued or building, a moment being resolved) and the user it was started for. */
interface Job {
  user: string;
}

interface Replay extends Job {
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
const MAX_JOBS = 3;
/** A moment this far back resolves to the same position from now on (concurrent commits settle within milliseconds). */
const SETTLED_MS = 60_000;
const RESOLVED_KEPT = 1_000;

/** Why `user` may not start new work beside `jobs` (those under way), if they may not. */
function refusalOf(jobs: Iterable<Job>, user: string, maxJobs: number): AsOfBusy | null {
  let count = 0;
  for (const job of jobs) {
    if (job.user === user) return 'own-job-under-way';
    count += 1;
  }
  return count >= maxJobs ? 'all-slots-taken' : null;
}

const isUnderWay = (replay: Replay) => replay.state === 'queued' || replay.state === 'building';

/** The replay's share done: the log's size is all the store tells, so a cut before its end stays short of 1 until done. */
function shareDone({ phase, done, total }: RebuildProgress): number {
  if (phase === 'done') return 1;
  if (phase !== 'replaying') return 0.99;
  return total ? Math.min(0.98, done / total) : 0;
}

export function createAsOfReplays({
  pool: apiPool,
  eventstoreUrl,
  log,
  keep = KEEP,
  batchSize,
  maxJobs = MAX_JOBS,
}: AsOfReplaysOptions): AsOfReplays {
  const connectionString = apiPool.options.connectionString;
  if (!connectionString) throw new Error('The as-of replays need the pool of a connection string');
  const pool = createPool(connectionString, { max: POOL_SIZE });
  const db = createDb<ReadModelTables>(pool);
  let store: EventStore | null = null;
  const storeOf = () => (store ??= createEventStore({ pool, eventstoreUrl }));
  const replays = new Map<string, Replay>();
  const resolved = new Map<number, string>();
  /** Moments being resolved, by time: asking for one again waits for the same answer. */
  const resolving = new Map<number, Job & { position: Promise<string> }>();
  let found: Promise<void> | null = null;
  let jobs = Promise.resolve();
  let closed = false;

  /** Schemas replayed by earlier runs (or `npm run replay -- --position`) are found again. */
  async function findEarlierReplays(): Promise<void> {
    for (const { schema, position } of await replayedAsideSchemas(db)) {
      if (schema !== asOfSchema({ position }) || replays.has(position)) continue;
      replays.set(position, { position, schema, state: 'ready', progress: 1, lastUsed: 0, readers: 0, user: '' });
    }
    await dropLeastRecentlyUsed(keep);
  }

  /** The log position `recordedBy` resolves to, or why resolving it for `user` is refused. */
  async function positionAt(recordedBy: Date, user: string): Promise<{ position: string } | { refused: AsOfBusy }> {
    const time = recordedBy.getTime();
    const known = resolved.get(time) ?? (await resolving.get(time)?.position);
    if (known !== undefined) return { position: known };
    const refused = refusalOf(resolving.values(), user, maxJobs);
    if (refused) return { refused };
    const position = positionOfCut(storeOf(), { recordedBy }, batchSize).finally(() => resolving.delete(time));
    resolving.set(time, { user, position });
    const found = await position;
    if (Date.now() - time > SETTLED_MS) {
      if (resolved.size >= RESOLVED_KEPT) resolved.delete(resolved.keys().next().value!);
      resolved.set(time, found);
    }
    return { position: found };
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

  /** The replay of `position`, queued for `user` behind the one under way when it is new (if the bounds allow). */
  function replayOf(position: string, user: string): Replay | AsOfBusy {
    const known = replays.get(position);
    if (known) return known;
    const refusal = refusalOf([...replays.values()].filter(isUnderWay), user, maxJobs);
    if (refusal) return refusal;
    const replay: Replay = {
      user,
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
    async withReadModels(recordedBy, user, read) {
      await (found ??= findEarlierReplays().catch((error: unknown) => {
        found = null;
        throw error;
      }));
      const resolution = await positionAt(recordedBy, user);
      if ('refused' in resolution) return { status: 'busy', reason: resolution.refused };
      const replay = replayOf(resolution.position, user);
      if (typeof replay === 'string') return { status: 'busy', reason: replay };
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
