import type pg from 'pg';
import { listenToReadModelNotices, type ReadModelNotices } from './read-model-notices';
import { CHECKPOINT_TABLE, READ_MODEL_SCHEMA } from './schema';

export interface ReadModelWaiter {
  /**
   * Resolves true once every projector's checkpoint is at or past `globalPosition`, false after
   * `timeoutMs` in which the read models did not move on, or after `maxMs` (default `timeoutMs`) in all.
   */
  waitFor(globalPosition: string, timeoutMs?: number, maxMs?: number): Promise<boolean>;
  /**
   * A projection runner in this process has brought every projector to `slowest` (its
   * `onProjected`): waits up to there end in memory, without asking the database.
   */
  progressed(slowest: string): void;
  close(): Promise<void>;
}

export interface ReadModelWaiterOptions {
  /** The projectors whose checkpoints must pass the position. */
  projectorNames: readonly string[];
  /** Re-check this often while someone waits, in case a notification is missed. */
  pollIntervalMs?: number;
  /**
   * A runner of all the waiter's projectors runs in this process and reports every batch through
   * `progressed`: a wait for an event appended in this process then starts without asking the
   * database (that runner will apply it, or reload the checkpoints another runner moved, and say
   * so); notifications and the poll still end waits that it does not.
   */
  runnerInProcess?: boolean;
}

interface Waiting {
  position: string;
  resolve(reached: boolean): void;
  timer?: NodeJS.Timeout;
  /** How long it waits without the read models moving on. */
  idleMs: number;
  /** `performance.now()` past which it waits no more. */
  givesUpAt: number;
}

/**
 * Read-your-writes for commands: waits until the read models include an appended event. Works
 * whether the projection runner is in this process or another one: it listens for the runner's
 * notifications and checks the checkpoint table (with a slow poll as a fallback).
 */
export function createReadModelWaiter(
  pool: pg.Pool,
  { projectorNames, pollIntervalMs = 250, runnerInProcess = false }: ReadModelWaiterOptions,
): ReadModelWaiter {
  const waiting = new Set<Waiting>();
  // The furthest position every projector is known to have reached; checkpoints only move forward.
  let reached = '';
  const names = [...projectorNames];
  let listener: Promise<ReadModelNotices | null> | null = null;
  let pollTimer: NodeJS.Timeout | null = null;
  let checking: Promise<void> | null = null;
  let checkAgain = false;
  let closed = false;

  /** The position every projector has reached ('' when one has not started). */
  async function slowestCheckpoint(): Promise<string> {
    const { rows } = await pool.query<{ slowest: string | null; count: number }>(
      `SELECT min(position) AS slowest, count(*)::int AS count
       FROM ${READ_MODEL_SCHEMA}.${CHECKPOINT_TABLE} WHERE name = ANY($1)`,
      [names],
    );
    const row = rows[0];
    return row && row.count === names.length ? (row.slowest ?? '') : '';
  }

  function check(): void {
    if (checking) {
      checkAgain = true;
      return;
    }
    checking = (async () => {
      do {
        checkAgain = false;
        if (waiting.size === 0) return;
        settleUpTo(await slowestCheckpoint().catch(() => ''));
      } while (checkAgain);
    })().finally(() => {
      checking = null;
      if (waiting.size === 0 && pollTimer) {
        clearInterval(pollTimer);
        pollTimer = null;
      }
    });
  }

  function settle(wait: Waiting, done: boolean): void {
    clearTimeout(wait.timer);
    waiting.delete(wait);
    wait.resolve(done);
  }

  /** Gives `wait` up after its idle time without progress, or at its last moment if sooner. */
  function armTimer(wait: Waiting): void {
    clearTimeout(wait.timer);
    const left = Math.min(wait.idleMs, wait.givesUpAt - performance.now());
    wait.timer = setTimeout(() => settle(wait, false), Math.max(0, left));
  }

  function settleUpTo(slowest: string): void {
    if (slowest <= reached) return;
    reached = slowest;
    for (const wait of waiting) {
      if (wait.position <= reached) settle(wait, true);
      else armTimer(wait);
    }
  }

  function listen(): void {
    // A broken LISTEN connection: the poll goes on, and the next wait listens again.
    listener ??= listenToReadModelNotices(pool, check, () => {
      listener = null;
    });
  }

  return {
    async waitFor(globalPosition, timeoutMs = 5000, maxMs = timeoutMs) {
      if (names.length === 0 || globalPosition <= reached) return true;
      if (closed) return false;
      listen();
      return new Promise<boolean>((resolve) => {
        const givesUpAt = performance.now() + Math.max(timeoutMs, maxMs);
        const wait: Waiting = { position: globalPosition, resolve, idleMs: timeoutMs, givesUpAt };
        armTimer(wait);
        waiting.add(wait);
        if (!pollTimer) {
          pollTimer = setInterval(check, pollIntervalMs);
          pollTimer.unref();
        }
        if (!runnerInProcess) check();
      });
    },
    progressed: settleUpTo,
    async close() {
      closed = true;
      for (const wait of waiting) settle(wait, false);
      if (pollTimer) clearInterval(pollTimer);
      const notices = await listener;
      listener = null;
      notices?.close();
    },
  };
}
