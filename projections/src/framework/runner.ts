import type { EventStore, RecordedEvent } from '@tht/eventstore';
import { createDb } from '@tht/postgres';
import type pg from 'pg';
import { changeNotice, SWAP_NOTICE, unionOfChanges, type ChangedTables } from './change-signals';
import {
  applyBatchToAll,
  loadCheckpoints,
  migrateCheckpoints,
  START,
  supersededProjectors,
  type CheckpointTables,
} from './checkpoints';
import { migrateReadModels } from './migrate';
import type { AnyProjector } from './projector';
import { listenToReadModelNotices, type ReadModelNotices } from './read-model-notices';
import { READ_MODELS_CHANNEL, READ_MODEL_SCHEMA } from './schema';

export interface ProjectionRunnerOptions {
  pool: pg.Pool;
  store: EventStore;
  projectors: readonly AnyProjector[];
  /** Events read and applied per transaction while the runner keeps up with the log. */
  batchSize?: number;
  /**
   * The most events read and applied per transaction while catching up (each full batch doubles
   * the next, up to this): fewer round trips and commits when far behind, e.g. during an import.
   */
  catchUpBatchSize?: number;
  /** Re-read the log at least this often even without a notification. */
  pollIntervalMs?: number;
  onError?: (error: unknown, projectorName: string | null) => void;
  /**
   * Called in memory after every batch committed (before the notification to other processes goes
   * out), e.g. so this process's caches and read-model waiters need no notification.
   */
  onProjected?: (progress: ProjectionProgress) => void;
  /** Called once with the projectors a newer release took over (`ProjectionRunner.superseded`), as it finds them. */
  onSuperseded?: (projectorNames: string[]) => void;
  /**
   * How often the runner measures its lag behind the log on its own (`measuredLag`), counting up to
   * `lagCountUpTo` events: a health check then reads a number instead of querying behind the writers.
   */
  lagIntervalMs?: number;
  lagCountUpTo?: number;
}

export interface ProjectionProgress {
  /** The tables the batch changed; null when unknown (another runner or a rebuild moved a checkpoint). */
  changedTables: ChangedTables;
  /** Every projector of this runner has applied the log up to here (`''`: one has applied nothing). */
  slowest: string;
}

/** How far the slowest projector trails the log. */
export interface ProjectionLag {
  /** Events readable in the log that it has not applied, counted only up to the `countUpTo` asked for. */
  events: number;
  /** Age of the oldest of them (by its `occurredAt`), 0 when there is none. */
  seconds: number;
}

export interface ProjectionRunner {
  /**
   * The slowest projector's lag behind the log, from its checkpoint in memory: one read of the
   * next event, and a bounded count only when there is one. Null until the runner has loaded its
   * checkpoints, and after it stopped.
   */
  lag(countUpTo: number): Promise<ProjectionLag | null>;
  /**
   * The lag as last measured on the runner's own schedule (every `lagIntervalMs`), its age added to
   * the oldest event's; null until the first measurement, after the runner stopped, and when the
   * last one is older than `STALE_LAG_MS` (the log could not be read since).
   */
  measuredLag(): ProjectionLag | null;
  /** `lag` of every projector by name (one measure per distinct checkpoint); null as `lag` is. */
  lags(countUpTo: number): Promise<Map<string, ProjectionLag> | null>;
  /**
   * The projectors a newer release took over (it swapped in read models its newer version of them
   * wrote): this runner no longer applies them, and the process should be stopped (decision 052).
   */
  superseded(): string[];
  /** Finishes the batch in progress, then stops following the log. */
  stop(): Promise<void>;
}

interface ProjectorState {
  projector: AnyProjector;
  checkpoint: string;
  failures: number;
  retryAt: number;
  /** A newer version of the projector wrote its tables: never applied again here. */
  superseded: boolean;
}

const MAX_RETRY_DELAY_MS = 30_000;
/** A measured lag older than this is not trusted: the measurements have not been able to read the log since. */
export const STALE_LAG_MS = 5_000;

/**
 * Keeps the read models in schema `read_models` up to date: reads the global log from the
 * projectors' checkpoints in batches, applies each batch to all projectors at the same checkpoint
 * in one transaction with their checkpoints (see `applyBatchToAll`; one transaction per projector
 * when that fails), and follows the log live through `store.onAppended` with a
 * polling fallback. Projectors at the same checkpoint share one read of the log; a projector that
 * throws is retried with back-off and holds back only itself. After a crash or restart it resumes
 * from the stored checkpoints, so no event is applied twice or skipped.
 */
export function startProjectionRunner({
  pool,
  store,
  projectors,
  batchSize = 1000,
  catchUpBatchSize = 2000,
  pollIntervalMs = 1000,
  onError = (error, name) => console.error(`Projection ${name ?? 'runner'} failed; retrying`, error),
  onProjected = () => {},
  onSuperseded = () => {},
  lagIntervalMs = 250,
  lagCountUpTo = 10_001,
}: ProjectionRunnerOptions): ProjectionRunner {
  const db = createDb<CheckpointTables>(pool);
  const schema = READ_MODEL_SCHEMA;
  const states: ProjectorState[] = projectors.map((projector) => ({
    projector,
    checkpoint: START,
    failures: 0,
    retryAt: 0,
    superseded: false,
  }));
  let running = true;
  let started = false;
  let readSize = batchSize;
  // Set by every wake-up, so one arriving while a pass is running is not lost.
  let woken = false;
  let wakeUp: (() => void) | null = null;
  const wake = () => {
    woken = true;
    wakeUp?.();
    wakeUp = null;
  };
  const unsubscribe = store.onAppended(wake);
  // Whether the next idle pass reads the checkpoint rows' versions (`noticeSuperseded`): the first,
  // one after a swap's notification, and one a poll interval after the last read, however often
  // appends wake the runner in between. Not every pass after a batch: the batch read those rows'
  // versions under its lock a moment before.
  let versionsDue = true;
  let versionsReadAt = 0;
  let swapNotices: Promise<ReadModelNotices | null> | null = null;

  async function reloadCheckpoints(): Promise<void> {
    const stored = await loadCheckpoints(db, schema);
    for (const state of states) state.checkpoint = stored.get(state.projector.name) ?? START;
  }

  async function reloadCheckpoint(state: ProjectorState): Promise<void> {
    const stored = (await loadCheckpoints(db, schema)).get(state.projector.name);
    // Read models rebuilt without this projector (an older rebuild CLI): give it its tables back.
    if (stored === undefined) await migrateReadModels(db, [state.projector]);
    state.checkpoint = stored ?? START;
  }

  /** The checkpoint every projector has reached. */
  function slowestCheckpoint(): string {
    return states.reduce(
      (slowest, state) => (state.checkpoint < slowest ? state.checkpoint : slowest),
      states[0]?.checkpoint ?? START,
    );
  }

  /**
   * Tells this process in memory, then wakes read-model waiters and caches in every process, naming
   * the tables that changed. Sent after the commits, not inside them: PostgreSQL serialises the
   * commits of notifying transactions.
   */
  async function announceUpdate(changedTables: ChangedTables): Promise<void> {
    onProjected({ changedTables, slowest: slowestCheckpoint() });
    await pool
      .query({
        name: 'projections-announce',
        text: `SELECT pg_notify('${READ_MODELS_CHANNEL}', $1)`,
        values: [changeNotice(changedTables)],
      })
      .catch(() => {});
  }

  /** One pass over every projector that is due; true if any batch was applied. */
  async function step(): Promise<boolean> {
    const now = Date.now();
    const groups = new Map<string, ProjectorState[]>();
    for (const state of states) {
      if (state.retryAt > now || state.superseded) continue;
      groups.set(state.checkpoint, [...(groups.get(state.checkpoint) ?? []), state]);
    }
    let progressed = false;
    for (const [checkpoint, group] of groups) {
      if (!running) break;
      const batch = await store.readAll(checkpoint === START ? null : checkpoint, readSize);
      readSize = batch.events.length === readSize ? Math.min(readSize * 2, Math.max(catchUpBatchSize, batchSize)) : batchSize;
      if (batch.events.length === 0) continue;
      progressed = true;
      await announceUpdate(await applyToGroup(group, checkpoint, batch.events));
    }
    return progressed;
  }

  /**
   * Applies a batch to projectors at the same checkpoint in one transaction (one commit and a few
   * round trips instead of a transaction each); if that fails, to each in its own transaction, so
   * a failing projector holds back only itself. Returns the tables changed.
   */
  async function applyToGroup(
    group: readonly ProjectorState[],
    from: string,
    events: readonly RecordedEvent[],
  ): Promise<ChangedTables> {
    if (group.length > 1) {
      try {
        return await applyTo(group, from, events);
      } catch {
        // One of them failed: each on its own below, which reports and backs off only the failing one.
      }
    }
    // Side by side: projectors write different tables. Each transaction checks its own checkpoint.
    const changes = await Promise.all(group.map((state) => applyWithRetries(state, from, events)));
    return changes.reduce(unionOfChanges, new Set());
  }

  /**
   * Applies a batch read from `from` in one transaction; a stale checkpoint (another runner, a
   * rebuild's swap) changes nothing and is reloaded, and makes what changed unknown.
   */
  async function applyTo(group: readonly ProjectorState[], from: string, events: readonly RecordedEvent[]): Promise<ChangedTables> {
    const projectors = group.map((state) => state.projector);
    const { applied, changedTables, superseded } = await applyBatchToAll(db, schema, projectors, events, from, {
      reportChanges: true,
    });
    let changed = changedTables;
    supersede(superseded);
    for (const state of group) {
      if (applied.includes(state.projector)) {
        state.checkpoint = events.at(-1)!.globalPosition;
      } else if (!state.superseded) {
        await reloadCheckpoint(state);
        changed = null;
      }
      state.failures = 0;
      state.retryAt = 0;
    }
    return changed;
  }

  /** `applyTo` for one projector; a failure is reported and retried with back-off, and changed nothing. */
  async function applyWithRetries(state: ProjectorState, from: string, events: readonly RecordedEvent[]): Promise<ChangedTables> {
    try {
      return await applyTo([state], from, events);
    } catch (error) {
      state.failures += 1;
      state.retryAt = Date.now() + Math.min(1000 * 2 ** (state.failures - 1), MAX_RETRY_DELAY_MS);
      onError(error, state.projector.name);
      return new Set();
    }
  }

  /**
   * With no event to apply the batches do not read the checkpoint rows: a newer release's swap is
   * noticed here, in the pass its notification wakes (`listenForSwaps`), else at the next poll;
   * or a poll interval after the last read, not in every pass appends wake (`versionsDue`).
   */
  async function noticeSuperseded(): Promise<void> {
    supersede(await supersededProjectors(db, schema, projectors));
  }

  /** Stops applying `superseded` for good, telling `onSuperseded` of those newly found. */
  function supersede(superseded: readonly AnyProjector[]): void {
    const found = states.filter((state) => !state.superseded && superseded.includes(state.projector));
    if (found.length === 0) return;
    for (const state of found) state.superseded = true;
    onSuperseded(found.map((state) => state.projector.name));
  }

  /**
   * Wakes the runner at a schema swap's notification, so its idle pass finds a newer release's
   * versions within the notification's latency rather than at the next poll. A broken connection
   * leaves it to the poll until the next pass listens again. Resolves once listening, so a swap
   * after the pass's look at the checkpoint rows is notified.
   */
  function listenForSwaps(): Promise<ReadModelNotices | null> {
    return (swapNotices ??= listenToReadModelNotices(
      pool,
      (payload) => {
        if (payload !== SWAP_NOTICE) return;
        versionsDue = true;
        wake();
      },
      () => {
        swapNotices = null;
      },
    ));
  }

  function idle(): Promise<void> {
    if (woken) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, pollIntervalMs);
      wakeUp = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }

  async function run(): Promise<void> {
    while (running) {
      try {
        if (!started) {
          await migrateCheckpoints(db, schema, projectors);
          await reloadCheckpoints();
          started = true;
        }
        woken = false;
        if (await step()) continue;
        await listenForSwaps();
        if (versionsDue || performance.now() - versionsReadAt >= pollIntervalMs) {
          versionsDue = false;
          versionsReadAt = performance.now();
          await noticeSuperseded();
        }
      } catch (error) {
        onError(error, null);
      }
      if (running) await idle();
    }
  }

  const loop = run();

  /** The last lag measured and when (`performance.now()`). */
  let measured: { lag: ProjectionLag; at: number } | null = null;
  let measureTimer: NodeJS.Timeout | null = null;
  async function measureLag(): Promise<void> {
    measureTimer = null;
    if (!running) return;
    if (started) {
      try {
        measured = { lag: await lagAfter(slowestCheckpoint(), lagCountUpTo), at: performance.now() };
      } catch {
        // Unmeasured this time: the last measurement ages until it is stale.
      }
    }
    if (running) measureTimer = setTimeout(() => void measureLag(), lagIntervalMs).unref();
  }
  void measureLag();

  /** The events readable after `checkpoint` (one read of the next, a bounded count only when there is one). */
  async function lagAfter(checkpoint: string, countUpTo: number): Promise<ProjectionLag> {
    const after = checkpoint === START ? null : checkpoint;
    const oldest = (await store.readAll(after, 1)).events[0];
    if (!oldest) return { events: 0, seconds: 0 };
    const events = store.countAfter
      ? await store.countAfter(after, countUpTo)
      : (await store.readAll(after, countUpTo)).events.length;
    return { events, seconds: Math.max(0, (Date.now() - Date.parse(oldest.metadata.occurredAt)) / 1000) };
  }

  return {
    async lag(countUpTo) {
      if (!running || !started) return null;
      return lagAfter(slowestCheckpoint(), countUpTo);
    },
    measuredLag() {
      if (!running || !measured) return null;
      const age = performance.now() - measured.at;
      if (age > STALE_LAG_MS) return null;
      const { events, seconds } = measured.lag;
      return { events, seconds: events > 0 ? seconds + age / 1000 : 0 };
    },
    async lags(countUpTo) {
      if (!running || !started) return null;
      // The checkpoints as of now: the projectors move on while their lags are measured.
      const checkpointOf = new Map(states.map((state) => [state.projector.name, state.checkpoint]));
      const checkpoints = [...new Set(checkpointOf.values())];
      const measured = new Map(
        await Promise.all(checkpoints.map(async (checkpoint) => [checkpoint, await lagAfter(checkpoint, countUpTo)] as const)),
      );
      return new Map([...checkpointOf].map(([name, checkpoint]) => [name, measured.get(checkpoint)!]));
    },
    superseded: () => states.filter((state) => state.superseded).map((state) => state.projector.name),
    async stop() {
      running = false;
      unsubscribe();
      wake();
      if (measureTimer) clearTimeout(measureTimer);
      await loop;
      (await swapNotices)?.close();
    },
  };
}
