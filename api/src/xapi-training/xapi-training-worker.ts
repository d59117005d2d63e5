import type { Actor } from '../platform/commands';
import type { AppContext } from '../platform/context';
import { deleteReportedEntry, startReportedEntry } from '../entries';
import { mapTraining, trainingOf, type Person, type PersonKey, type TrainingSystem } from './xapi-training-mapping';
import { xapiTrainingStore, type FollowedStatement, type UnmatchedRow, type XapiTrainingStore } from './xapi-training-store';

declare module '../platform/context' {
  interface AppContext {
    /** Told after this process stored xAPI statements, so the worker turns them into entries at once. */
    xapiStatementsStored: () => void;
  }
}

/** How often each API process looks for statements stored by another process (its own nudge it at once). */
export const XAPI_TRAINING_POLL_MS = 1_000;
/** Statements handled per round. */
const BATCH = 200;
/** Serialises the workers of every process: one follows the statements at a time. */
const WORKER_LOCK = 'tht:xapi-training';

/** The actor of what a connected system's statement does: the system, named in the audit. */
const systemActor = (system: TrainingSystem, statementId: string): Actor => ({
  userId: null,
  kind: 'connected-system',
  name: system.name,
  correlationId: statementId,
});

/**
 * What one round needs: the store, the systems and people of its statements, looked up once, and
 * the unmatched statements it found, written together at its end.
 */
interface Round {
  ctx: AppContext;
  store: XapiTrainingStore;
  systems: Map<string, TrainingSystem>;
  people: Map<PersonKey, Person>;
  unmatched: UnmatchedRow[];
}

async function roundFor(ctx: AppContext, store: XapiTrainingStore, statements: readonly FollowedStatement[]): Promise<Round> {
  const systems = await store.systems([...new Set(statements.map((row) => row.clientId))]);
  const keys = new Set<PersonKey>();
  for (const row of statements) {
    const system = systems.get(row.clientId);
    const key = system && trainingOf(row.statement, system.rules)?.personKey;
    if (key) keys.add(key);
  }
  return { ctx, store, systems, people: await store.people([...keys]), unmatched: [] };
}

/** A voiding statement deletes the entry its target (a statement of the same system) became. */
async function applyVoiding(round: Round, row: FollowedStatement, target: string): Promise<void> {
  const { ctx, store, systems } = round;
  const made = await store.entryOf(target);
  const system = systems.get(row.clientId);
  if (made && system && made.clientId === row.clientId) await deleteReportedEntry(ctx, made.entryId, systemActor(system, row.id));
  if (!made || made.clientId === row.clientId) await store.forgetUnmatched(target);
}

/**
 * A statement becomes an entry (once: its recorded entry id is started as a new stream), stays
 * unmatched, or is no training; true when it became (or was) an entry.
 */
async function mapStatement(round: Round, row: FollowedStatement): Promise<boolean> {
  const { ctx, store } = round;
  const system = round.systems.get(row.clientId);
  const training = system && trainingOf(row.statement, system.rules);
  if (!system || !training) return false;
  const mapping = mapTraining(training, system, (training.personKey && round.people.get(training.personKey)) || null);
  if (mapping.kind === 'unmatched') {
    round.unmatched.push({
      statementId: row.id,
      clientId: row.clientId,
      personKey: training.personKey,
      userId: mapping.userId,
      actor: training.actor,
      verb: training.verb,
      activity: training.trainingName,
      timestamp: training.timestamp,
      stored: row.stored,
      reason: mapping.reason,
      message: mapping.message,
    });
    return false;
  }
  const entryId = await store.claimEntry(row, mapping.userId, () => ctx.ids.next('entry'), ctx.now());
  const source = { kind: 'xapi', clientId: system.id, system: system.name, statementId: row.id } as const;
  await startReportedEntry(ctx, { entryId, userId: mapping.userId, input: mapping.input, source }, systemActor(system, row.id));
  await store.forgetUnmatched(row.id);
  return true;
}

async function handle(round: Round, row: FollowedStatement): Promise<void> {
  if (row.voidingTarget !== null) await applyVoiding(round, row, row.voidingTarget);
  else if (!row.voided) await mapStatement(round, row);
}

/** Follows the stored statements from the checkpoint; true when there may be more. */
async function followStatements(ctx: AppContext, store: XapiTrainingStore): Promise<boolean> {
  const statements = await store.statementsAfter(await store.checkpoint(), BATCH);
  if (statements.length === 0) return false;
  const round = await roundFor(ctx, store, statements);
  for (const row of statements) await handle(round, row);
  await store.keepUnmatched(round.unmatched);
  // Once per round: a crash before it repeats the round, which changes nothing the second time.
  const last = statements.at(-1)!;
  await store.saveCheckpoint({ transactionId: last.transactionId, seq: last.seq });
  return statements.length === BATCH;
}

/**
 * Maps again the unmatched statements whose person now exists (or is active again); true when a
 * full batch made progress (so one that stays unmatched cannot keep the worker going round).
 */
async function matchAgain(ctx: AppContext, store: XapiTrainingStore): Promise<boolean> {
  const ids = await store.matchableUnmatched(BATCH);
  if (ids.length === 0) return false;
  const statements = await store.statementsById(ids);
  const round = await roundFor(ctx, store, statements);
  let mapped = 0;
  for (const row of statements) {
    if (row.voided) await store.forgetUnmatched(row.id);
    else if (await mapStatement(round, row)) mapped += 1;
  }
  await store.keepUnmatched(round.unmatched);
  const found = new Set(statements.map((row) => row.id));
  for (const id of ids) if (!found.has(id)) await store.forgetUnmatched(id);
  return ids.length === BATCH && mapped > 0;
}

export interface XapiTrainingWorker {
  /** A statement was stored in this process: look now rather than at the next poll. */
  nudge(): void;
  stop(): Promise<void>;
}

/**
 * Turns stored statements into entries in every API process (decision 045): one process at a time
 * (an advisory lock) follows `xapi.statements` in commit order from a checkpoint, nudged after each
 * stored POST or PUT of this process, polling otherwise; when the people changed it maps again the
 * unmatched statements a person now has. A crash between two steps repeats the statement, which the
 * mapping row and the entry stream's `no_stream` make harmless.
 */
export function startXapiTrainingWorker(ctx: AppContext, pollMs = XAPI_TRAINING_POLL_MS): XapiTrainingWorker {
  const store = xapiTrainingStore(ctx.pool);
  let running: Promise<void> = Promise.resolve();
  let busy = false;
  let again = false;
  let peopleMoved = true;
  let stopped = false;

  async function roundUnderLock(): Promise<void> {
    const client = await ctx.pool.connect();
    let broken: Error | undefined;
    try {
      const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock(hashtext($1)) AS locked', [
        WORKER_LOCK,
      ]);
      if (!rows[0]?.locked) return;
      try {
        while (!stopped && (await followStatements(ctx, store)));
        if (peopleMoved) {
          peopleMoved = false;
          try {
            while (!stopped && (await matchAgain(ctx, store)));
          } catch (error) {
            peopleMoved = true;
            throw error;
          }
        }
      } finally {
        await client.query('SELECT pg_advisory_unlock(hashtext($1))', [WORKER_LOCK]);
      }
    } catch (error) {
      broken = error as Error;
      throw error;
    } finally {
      // A connection that failed mid-round may still hold the lock: it is closed, which frees it.
      client.release(broken);
    }
  }

  function kick(): Promise<void> {
    if (stopped) return running;
    if (busy) {
      again = true;
      return running;
    }
    busy = true;
    running = roundUnderLock()
      .catch((error: unknown) => ctx.log.error('Turning xAPI statements into entries failed; trying again shortly', error))
      .finally(() => {
        busy = false;
        if (again) {
          again = false;
          void kick();
        }
      });
    return running;
  }

  // A change of the people (created, reactivated, a new address) may give unmatched statements their person.
  ctx.caches.add(
    {
      invalidate: () => {
        peopleMoved = true;
        void kick();
      },
      setTrusted: (trusted) => {
        if (!trusted) peopleMoved = true;
      },
    },
    ['users'],
  );
  const timer = setInterval(() => void kick(), pollMs);
  timer.unref();

  return {
    nudge: () => void kick(),
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
