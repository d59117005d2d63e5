import { createTestDatabase, type TestDatabase } from '@tht/postgres/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectedEvent } from '../framework/projector';
import { eventRecorder } from '../framework/testing/recorded-events';
import { passwordResetsProjector } from './password-resets-projector';

let database: TestDatabase;

const at = (minutes: number) => new Date(Date.parse('2026-01-05T09:00:00.000Z') + minutes * 60_000).toISOString();

function history(): ProjectedEvent[] {
  const recorded = eventRecorder(at(0));
  const requested = (userId: number, tokenHash: string, minute: number) =>
    recorded('PasswordResetRequested', { userId, tokenHash, expiresAt: at(minute + 15) }, at(minute));
  return [
    requested(1, 'a1', 0),
    requested(1, 'a2', 1),
    requested(2, 'b1', 1),
    requested(3, 'c1', 2),
    // Using one of user 1's tokens ends both; a token asked for after it stays.
    recorded('PasswordResetCompleted', { userId: 1, passwordHash: 'h' }, at(3)),
    requested(1, 'a3', 4),
    recorded('PasswordChanged', { userId: 2, passwordHash: 'h' }, at(5)),
    recorded('TemporaryPasswordSet', { userId: 3, passwordHash: 'h' }, at(6)),
    requested(4, 'd1', 7),
    recorded('UserDeleted', { userId: 4, email: 'd@example.com' }, at(8)),
    requested(5, 'e1', 9),
    // 25 minutes on, a1..e1 have expired: a new request clears them out.
    requested(6, 'f1', 25),
  ];
}

async function projectInto(schema: string, batches: ProjectedEvent[][]) {
  await sql`CREATE SCHEMA ${sql.id(schema)}`.execute(database.db);
  await passwordResetsProjector.migrate(database.db, schema);
  await passwordResetsProjector.migrate(database.db, schema); // idempotent
  for (const batch of batches) {
    await database.db.transaction().execute((trx) => passwordResetsProjector.project(trx, schema, batch));
  }
  const rows = await database.db.withSchema(schema).selectFrom('password_resets').selectAll().orderBy('token_hash').execute();
  return rows.map((row) => [row.token_hash, row.user_id, new Date(row.expires_at).toISOString()]);
}

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.drop());

describe('passwordResetsProjector', () => {
  it('keeps every token of an account until one is used or the password changes, whatever the batching', async () => {
    const events = history();
    const beforeExpiry = events.slice(0, -1);
    const live = await projectInto('live', [beforeExpiry]);
    expect(live).toEqual([
      ['a3', 1, at(19)],
      ['e1', 5, at(24)],
    ]);
    expect(
      await projectInto(
        'one_by_one',
        beforeExpiry.map((event) => [event]),
      ),
    ).toEqual(live);
    expect(await projectInto('halves', [beforeExpiry.slice(0, 5), beforeExpiry.slice(5)])).toEqual(live);
  });

  it('drops the tokens expired by the time of a later request', async () => {
    const events = history();
    const together = await projectInto('expired', [events]);
    expect(together).toEqual([['f1', 6, at(40)]]);
    expect(
      await projectInto(
        'expired_one_by_one',
        events.map((event) => [event]),
      ),
    ).toEqual(together);
  });
});
