import { createEventStore, type EventStore, type PersonalData } from '@tht/eventstore';
import { createDb, createPool } from '@tht/postgres';
import { sql } from 'kysely';
import type pg from 'pg';
import {
  AS_OF_PREFIX,
  asOfProjectors,
  asOfSchema,
  dropUnlessReplayedAside,
  isReplayedAside,
  positionOfCut,
  replayAside,
  replayedAsideSchemas,
  startSnapshotKeeper,
  type ReadModelDb,
  type ReadModelTables,
  type RebuildProgress,
} from 'projections';
import { ownerIsAlive, progressWrites, type JobOwner } from '../platform/jobs';
import type { Logger } from '../platform/logger';

/**
 * The organisation's read models as of a moment, for `?asOf=`: the event log replayed up to the
 * last event recorded by then into a schema of its own (`replayAside`, as `npm run replay` does),
 * built in the background on a small pool of its own, one replay at a time per process, the last
 * few kept. Keyed by the log position the moment resolves to, so every moment between two events
 * shares one replay.
 *
 * Every API process sees the same replays: their state is in PostgreSQL (`jobs.as_of_replays`,
 * written by the process building each, see `platform/jobs.ts`) and the replayed schemas are in
 * the database, so a replay asked for on one process is answered on any. A replay whose process
 * stopped is reported failed once, like one that failed.
 *
 * The work is bounded across the processes: at most `maxJobs` replays are queued or building, and
 * as many moments resolved at once (a read of the log up to it, `jobs.as_of_resolutions`), each
 * user waiting for one of each at a time. Asking for what is under way costs nothing; anything
 * more is refused (`busy`).
 *
 * A replay starts from the latest snapshot of the read models at or before its position
 * (decision 050): each API process keeps taking them in the background, on a pool of its own,
 * one process at a time.
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
  /** Stops the replay under way and those queued here (they fail) and closes the pools. */
  close(): Promise<void>;
}

declare module '../platform/context' {
  interface AppContext {
    /** The read models as of a past moment (`?asOf=`), replayed in the background on a pool of their own. */
    asOf: AsOfReplays;
  }
}

export interface AsOfReplaysOptions {
  /** The API's pool: the replays' state is kept through it; the replays connect with pools of their own. */
  pool: pg.Pool;
  /** `EVENTSTORE_URL`: the replays read the log from KurrentDB through a client of their own. */
  eventstoreUrl: string | null;
  /** This process, as the owner of the replays it builds. */
  owner: JobOwner;
  /** The process's personal data codec: its keys, forgotten at once when a person is erased (decision 038). */
  personalData: PersonalData;
  log: Logger;
  /** Replayed schemas kept at most (the least recently used is dropped). */
  keep?: number;
  /** Events per batch read and applied (tests use small ones to see progress). */
  batchSize?: number;
  /** Replays queued or building at most, and moments being resolved at most. */
  maxJobs?: number;
  /** Events between two snapshots of the read models (tests take small ones). */
  snapshotEvery?: number;
}

/** The replays' and the moments' tables in schema `jobs` (`migrateJobs`). */
export const AS_OF_JOB_TABLES = [
  sql`CREATE TABLE IF NOT EXISTS jobs.as_of_replays (
    position text PRIMARY KEY,
    user_key text NOT NULL,
    owner uuid,
    state text NOT NULL,
    progress real NOT NULL,
    last_used timestamptz NOT NULL)`,
  sql`CREATE TABLE IF NOT EXISTS jobs.as_of_resolutions (moment_ms bigint PRIMARY KEY, user_key text NOT NULL, owner uuid NOT NULL)`,
];

/** Work under way (a replay queued or building, a moment being resolved) and the user it was started for. */
interface Job {
  user_key: string;
}

type ReplayState = 'queued' | 'building' | 'ready' | 'failed';

interface ReplayRow {
  state: ReplayState;
  /** Share done, 0 to 1 (written by its owner as it moves). */
  progress: number;
  /** Whether its owner heartbeats: a replay under way whose owner stopped is failed. */
  alive: boolean;
}

/** One for the replay's advisory lock, two for its copy from a snapshot, its batches, the log's reads and the look-ups (decision 061). */
const POOL_SIZE = 3;
/** The snapshot keeper's: one for its lock, one for its rounds. */
const SNAPSHOT_POOL_SIZE = 2;
/** Replayed schemas read at once by this process, each holding a connection with a shared lock on its schema. */
const READERS = 4;
const KEEP = 3;
const MAX_JOBS = 3;
/** A moment this far back resolves to the same position from now on (concurrent commits settle within milliseconds). */
const SETTLED_MS = 60_000;
const RESOLVED_KEPT = 1_000;
const UNDER_WAY = sql`state IN ('queued', 'building')`;

/** Why `user` may not start new work beside `jobs` (those under way), if they may not. */
function refusalOf(jobs: readonly Job[], user: string, maxJobs: number): AsOfBusy | null {
  if (jobs.some((job) => job.user_key === user)) return 'own-job-under-way';
  return jobs.length >= maxJobs ? 'all-slots-taken' : null;
}

/** The replay's share done: the log's size is all the store tells, so a cut before its end stays short of 1 until done. */
function shareDone({ phase, done, total }: RebuildProgress): number {
  if (phase === 'done') return 1;
  if (phase !== 'replaying') return 0.99;
  return total ? Math.min(0.98, done / total) : 0;
}

/** The advisory lock a read of a replayed schema holds shared and its drop exclusively. */
const readLockOf = (schema: string) => `tht:as-of-read:${schema}`;

export function createAsOfReplays({
  pool: apiPool,
  eventstoreUrl,
  owner,
  personalData,
  log,
  keep = KEEP,
  batchSize,
  maxJobs = MAX_JOBS,
  snapshotEvery,
}: AsOfReplaysOptions): AsOfReplays {
  const connectionString = apiPool.options.connectionString;
  if (!connectionString) throw new Error('The as-of replays need the pool of a connection string');
  const jobs = createDb(apiPool);
  const pool = createPool(connectionString, { max: POOL_SIZE });
  const replayDb = createDb<ReadModelTables>(pool);
  const readLocks = createPool(connectionString, { max: READERS });
  const readLockDb = createDb(readLocks);
  let store: EventStore | null = null;
  const storeOf = () => (store ??= createEventStore({ pool, eventstoreUrl, personalData }));
  const snapshotPool = createPool(connectionString, { max: SNAPSHOT_POOL_SIZE });
  const snapshotStore = createEventStore({ pool: snapshotPool, eventstoreUrl, personalData });
  const snapshots = startSnapshotKeeper({
    pool: snapshotPool,
    store: snapshotStore,
    every: snapshotEvery,
    onTaken: ({ position, events }, seconds) =>
      log.info(`Snapshot of the read models at log position ${position} (${events} events) taken in ${seconds.toFixed(1)} s`),
    onError: (error) => log.warn(`Taking snapshots of the read models stopped; trying again in a minute: ${String(error)}`),
  });
  const resolved = new Map<number, string>();
  /** Moments being resolved by this process, by time: asking for one again waits for the same answer. */
  const resolving = new Map<number, Promise<string>>();
  let found: Promise<void> | null = null;
  let builds = Promise.resolve();
  let closed = false;

  /**
   * Schemas replayed by earlier runs (or `npm run replay -- --position`) are found again, as never
   * read; those replayed before PostgreSQL last started are dropped (a crash empties their tables).
   */
  async function findEarlierReplays(): Promise<void> {
    for (const { schema, position, current } of await replayedAsideSchemas(replayDb)) {
      if (schema !== asOfSchema({ position })) continue;
      if (!current) await dropUnlessReplayedAside(apiPool, schema);
      else
        await sql`INSERT INTO jobs.as_of_replays (position, user_key, owner, state, progress, last_used)
        VALUES (${position}, '', NULL, 'ready', 1, 'epoch') ON CONFLICT (position) DO NOTHING`.execute(jobs);
    }
    await dropLeastRecentlyUsed(keep);
  }

  /** Runs `work` alone among the processes' claims of as-of work (a transaction holding one lock). */
  function claiming<T>(work: (trx: typeof jobs) => Promise<T>): Promise<T> {
    return jobs.transaction().execute(async (trx) => {
      await sql`SELECT pg_advisory_xact_lock(hashtext('tht:as-of-jobs'))`.execute(trx);
      return work(trx);
    });
  }

  /** Claims the resolving of the moment at `time` for `user`: unless another process resolves it already, or the bounds refuse. */
  function claimResolution(time: number, user: string): Promise<'claimed' | 'taken' | AsOfBusy> {
    return claiming(async (trx) => {
      await sql`DELETE FROM jobs.as_of_resolutions r WHERE NOT ${ownerIsAlive('r.owner')}`.execute(trx);
      const { rows } = await sql<Job & { moment_ms: number }>`SELECT moment_ms, user_key FROM jobs.as_of_resolutions`.execute(trx);
      if (rows.some((row) => row.moment_ms === time)) return 'taken';
      const refused = refusalOf(rows, user, maxJobs);
      if (refused) return refused;
      await sql`INSERT INTO jobs.as_of_resolutions (moment_ms, user_key, owner) VALUES (${time}, ${user}, ${owner.id})`.execute(
        trx,
      );
      return 'claimed';
    });
  }

  /** Finds where the log ends at `recordedBy` (this process holding the moment's claim meanwhile). */
  async function resolve(recordedBy: Date): Promise<string> {
    const time = recordedBy.getTime();
    try {
      const position = await positionOfCut(storeOf(), { recordedBy }, batchSize);
      if (Date.now() - time > SETTLED_MS) {
        if (resolved.size >= RESOLVED_KEPT) resolved.delete(resolved.keys().next().value!);
        resolved.set(time, position);
      }
      return position;
    } finally {
      await sql`DELETE FROM jobs.as_of_resolutions WHERE moment_ms = ${time} AND owner = ${owner.id}`
        .execute(jobs)
        .finally(() => resolving.delete(time));
    }
  }

  /** The log position `recordedBy` resolves to; pending while another process resolves it; or why resolving it for `user` is refused. */
  async function positionAt(
    recordedBy: Date,
    user: string,
  ): Promise<{ position: string } | { pending: true } | { refused: AsOfBusy }> {
    const time = recordedBy.getTime();
    const known = resolved.get(time) ?? (await resolving.get(time));
    if (known !== undefined) return { position: known };
    const claim = await claimResolution(time, user);
    if (claim === 'claimed') {
      const position = resolve(recordedBy);
      resolving.set(time, position);
      return { position: await position };
    }
    const here = resolving.get(time); // claimed by another request of this process meanwhile
    if (here) return { position: await here };
    return claim === 'taken' ? { pending: true } : { refused: claim };
  }

  /** Drops the least recently read replayed schemas, those being read excepted, until at most `room` are kept. */
  async function dropLeastRecentlyUsed(room: number): Promise<void> {
    const { rows } = await sql<{ position: string }>`SELECT position FROM jobs.as_of_replays
      WHERE state = 'ready' ORDER BY last_used DESC OFFSET ${room}`.execute(jobs);
    for (const { position } of rows) await dropUnlessRead(position);
  }

  /** Forgets a ready replay and drops its schema, unless a process reads it now (holding its read lock shared). */
  async function dropUnlessRead(position: string): Promise<void> {
    const schema = asOfSchema({ position });
    await readLockDb.transaction().execute(async (trx) => {
      const { rows } = await sql<{
        unread: boolean;
      }>`SELECT pg_try_advisory_xact_lock(hashtext(${readLockOf(schema)})) AS unread`.execute(trx);
      if (!rows[0]!.unread) return;
      const { numAffectedRows } =
        await sql`DELETE FROM jobs.as_of_replays WHERE position = ${position} AND state = 'ready'`.execute(trx);
      if (numAffectedRows) await sql`DROP SCHEMA IF EXISTS ${sql.id(schema)} CASCADE`.execute(trx);
    });
  }

  /**
   * `read` on the replayed schema of `position`, marked as read now and not dropped meanwhile; null
   * once it is gone. A ready replay whose schema was dropped from outside (by an upgrade of the read
   * models, or by hand), or was replayed before PostgreSQL last started (a crash empties its
   * unlogged tables), is forgotten, to be replayed again.
   */
  function readReplayed<T>(position: string, read: (schema: string) => Promise<T>): Promise<{ value: T } | null> {
    const schema = asOfSchema({ position });
    const lock = sql`hashtext(${readLockOf(schema)})`;
    return readLockDb.connection().execute(async (connection) => {
      await sql`SELECT pg_advisory_lock_shared(${lock})`.execute(connection);
      try {
        const { numAffectedRows } = await sql`UPDATE jobs.as_of_replays SET last_used = now()
          WHERE position = ${position} AND state = 'ready' AND ${isReplayedAside(schema)}`.execute(connection);
        if (numAffectedRows) return { value: await read(schema) };
        await sql`DELETE FROM jobs.as_of_replays
          WHERE position = ${position} AND state = 'ready' AND NOT ${isReplayedAside(schema)}`.execute(connection);
        return null;
      } finally {
        await sql`SELECT pg_advisory_unlock_shared(${lock})`.execute(connection);
      }
    });
  }

  async function replayRow(position: string): Promise<ReplayRow | undefined> {
    const { rows } = await sql<ReplayRow>`SELECT state, progress, ${ownerIsAlive('r.owner')} AS alive
      FROM jobs.as_of_replays r WHERE position = ${position}`.execute(jobs);
    return rows[0];
  }

  /** Forgets the replay of `position` when it failed or its process stopped: true for the one request that did. */
  async function forgetFailed(position: string): Promise<boolean> {
    const { rows } = await sql<{ state: ReplayState; owner: string }>`DELETE FROM jobs.as_of_replays r
      WHERE position = ${position} AND (state = 'failed' OR (${UNDER_WAY} AND NOT ${ownerIsAlive('r.owner')}))
      RETURNING state, owner`.execute(jobs);
    const [forgotten] = rows;
    if (forgotten && forgotten.state !== 'failed')
      log.error(
        `Replaying the event log up to ${position || 'its start'} failed: its process (jobs owner ${forgotten.owner}) stopped`,
      );
    return forgotten !== undefined;
  }

  /** Queues the replay of `position` here for `user` if the bounds allow (false: it is there already). */
  function claimReplay(position: string, user: string): Promise<boolean | AsOfBusy> {
    return claiming(async (trx) => {
      const { rows } = await sql<Job & { position: string }>`SELECT position, user_key FROM jobs.as_of_replays r
        WHERE ${UNDER_WAY} AND ${ownerIsAlive('r.owner')}`.execute(trx);
      if (rows.some((row) => row.position === position)) return false;
      const refused = refusalOf(rows, user, maxJobs);
      if (refused) return refused;
      const { numAffectedRows } = await sql`INSERT INTO jobs.as_of_replays (position, user_key, owner, state, progress, last_used)
        VALUES (${position}, ${user}, ${owner.id}, 'queued', 0, now())
        ON CONFLICT (position) DO NOTHING`.execute(trx);
      return numAffectedRows === 1n;
    });
  }

  /** Moves this process's replay of `position` from one of `from` to `to`: false when it is no longer its own (reported stopped). */
  async function moveOn(position: string, from: readonly ReplayState[], to: ReplayState, progress: number): Promise<boolean> {
    const { numAffectedRows } = await sql`UPDATE jobs.as_of_replays SET state = ${to}, progress = ${progress}
      WHERE position = ${position} AND owner = ${owner.id} AND state = ANY(${from}::text[])`.execute(jobs);
    return numAffectedRows === 1n;
  }

  async function build(position: string): Promise<void> {
    const schema = asOfSchema({ position });
    let progress = 0;
    const writes = progressWrites(() => moveOn(position, ['building'], 'building', progress), log);
    try {
      if (closed) throw new Error('The as-of replays were closed');
      if (!(await moveOn(position, ['queued'], 'building', 0))) return;
      await dropLeastRecentlyUsed(keep - 1);
      await replayAside({
        pool,
        store: storeOf(),
        projectors: asOfProjectors,
        until: { position },
        schema,
        batchSize,
        onProgress: (done) => {
          progress = shareDone(done);
          writes.moved();
        },
      });
      await writes.settle();
      await moveOn(position, ['building'], 'ready', 1);
    } catch (error) {
      await writes.settle();
      if (!closed) log.error(`Replaying the event log up to ${position || 'its start'} into ${schema} failed`, error);
      // Unless it was reported stopped meanwhile: then another process may replay into the schema now.
      if (await moveOn(position, ['queued', 'building'], 'failed', progress))
        await sql`DROP SCHEMA IF EXISTS ${sql.id(schema)} CASCADE`.execute(replayDb).catch(() => {});
    }
  }

  function queue(position: string): void {
    builds = builds
      .then(() => build(position))
      .catch((error: unknown) => log.error(`Recording the replay up to ${position || 'the start'} failed`, error));
  }

  return {
    async withReadModels(recordedBy, user, read) {
      await (found ??= findEarlierReplays().catch((error: unknown) => {
        found = null;
        throw error;
      }));
      const resolution = await positionAt(recordedBy, user);
      if ('refused' in resolution) return { status: 'busy', reason: resolution.refused };
      if ('pending' in resolution) return { status: 'building', progress: 0 };
      const { position } = resolution;
      const replay = await replayRow(position);
      if (replay?.state === 'ready') {
        const done = await readReplayed(position, read);
        if (done) return { status: 'ready', ...done };
      } else if (replay && replay.state !== 'failed' && replay.alive) {
        return { status: 'building', progress: replay.progress };
      } else if (replay && (await forgetFailed(position))) return { status: 'failed' };
      // None, or dropped or forgotten meanwhile.
      const claimed = await claimReplay(position, user);
      if (typeof claimed === 'string') return { status: 'busy', reason: claimed };
      if (claimed) queue(position);
      return { status: 'building', progress: 0 };
    },
    async close() {
      closed = true;
      await snapshots.stop();
      await snapshotStore.close();
      await snapshotPool.end();
      await store?.close();
      await pool.end();
      await builds;
      await readLocks.end();
    },
  };
}

/**
 * Drops every replay kept aside and the snapshots of the read models (their schemas share the
 * as-of prefix): after an erasure (decision 038), since they were made while the erased person's
 * key existed; the next question about a past moment replays it again, and the snapshots are taken
 * again from the log, in which the person's data can no longer be read.
 */
export async function dropAsOfReplays(db: ReadModelDb): Promise<void> {
  const { rows } = await sql<{ schema: string }>`SELECT nspname AS schema FROM pg_namespace
    WHERE starts_with(nspname, ${AS_OF_PREFIX})`.execute(db);
  for (const { schema } of rows) await sql`DROP SCHEMA IF EXISTS ${sql.id(schema)} CASCADE`.execute(db);
}
