import { SESSION_EVENT_TYPES } from '@tht/contracts';
import type { RecordedEvent } from '@tht/eventstore';
import { sql, type Kysely } from 'kysely';
import type pg from 'pg';
import type { StreamReader } from '../platform/handle-command';

/**
 * Earlier releases appended every sign-in and sign-out to the account's stream `user-<id>`; this
 * one appends them to `user-sessions-<id>` (decision 049). Those logs are immutable (hash-chained),
 * and the account decider ignores sign-ins, so a read of an account stream that passed some
 * remembers where: up to version `head`, only the versions `kept` hold account events. Later reads
 * fetch those and the events from `head` on, never the sign-ins between, on either event store.
 */
const TABLE = 'account_streams.passed_sign_ins';

/** Creates the table of where each account stream's old sign-ins end (idempotent, safe at concurrent start-ups). */
export async function migrateAccountStreams<Database>(db: Kysely<Database>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(hashtext('tht:migrate-account-streams'))`.execute(trx);
    await sql`CREATE SCHEMA IF NOT EXISTS account_streams`.execute(trx);
    await sql`CREATE TABLE IF NOT EXISTS ${sql.table(TABLE)} (
      stream_name text PRIMARY KEY,
      head integer NOT NULL,
      kept integer[] NOT NULL
    )`.execute(trx);
  });
}

/** Up to version `head` of a stream, only the versions `kept` hold events other than sign-ins and sign-outs. */
interface PassedSignIns {
  head: number;
  kept: number[];
}

const NOTHING_PASSED: PassedSignIns = { head: -1, kept: [] };

const isSessionEvent = (event: RecordedEvent) => SESSION_EVENT_TYPES.includes(event.type);

async function passedSignIns(pool: pg.Pool, stream: string): Promise<PassedSignIns | null> {
  const { rows } = await pool.query<PassedSignIns>({
    name: 'account-streams-passed',
    text: `SELECT head, kept FROM ${TABLE} WHERE stream_name = $1`,
    values: [stream],
  });
  return rows[0] ?? null;
}

/** A later head wins: any row is right for its head, so racing readers need no lock. */
async function rememberPassed(pool: pg.Pool, stream: string, { head, kept }: PassedSignIns): Promise<void> {
  await pool.query({
    name: 'account-streams-remember',
    text: `INSERT INTO ${TABLE} AS passed (stream_name, head, kept) VALUES ($1, $2, $3)
      ON CONFLICT (stream_name) DO UPDATE SET head = excluded.head, kept = excluded.kept WHERE passed.head < excluded.head`,
    values: [stream, head, kept],
  });
}

/** Drops a row the log no longer fits (restored from an older copy), so the next pass records it afresh. */
async function forgetPassed(pool: pg.Pool, stream: string): Promise<void> {
  await pool.query({ name: 'account-streams-forget', text: `DELETE FROM ${TABLE} WHERE stream_name = $1`, values: [stream] });
}

/** The kept events and those from the head on; null when the stream has no event at the head (a log restored from an older copy). */
async function readPast(
  read: (only: { versions: readonly number[]; from: number }) => Promise<RecordedEvent[]>,
  { head, kept }: PassedSignIns,
): Promise<RecordedEvent[] | null> {
  const events = await read({ versions: kept, from: head });
  return events.some((event) => event.streamVersion === head) ? events : null;
}

/**
 * An account's stream as its deciders need it: without sign-ins and sign-outs, and without reading
 * those an earlier release left on it once they were passed. The version is the stream's own.
 */
export const readAccountStream: StreamReader = async (ctx, stream) => {
  const remembered = await passedSignIns(ctx.pool, stream);
  const part = remembered && (await readPast((only) => ctx.store.readStream(stream, only), remembered));
  if (remembered && !part) await forgetPassed(ctx.pool, stream);
  const passed = part ? remembered : NOTHING_PASSED;
  const events = part ?? (await ctx.store.readStream(stream));
  const after = events.filter((event) => event.streamVersion > passed.head);
  if (after.some(isSessionEvent)) {
    const kept = [...passed.kept, ...after.filter((event) => !isSessionEvent(event)).map((event) => event.streamVersion)];
    await rememberPassed(ctx.pool, stream, { head: after.at(-1)!.streamVersion, kept });
  }
  return { events: events.filter((event) => !isSessionEvent(event)), version: events.at(-1)?.streamVersion ?? 'no_stream' };
};
