import { createTestDatabase, type TestDatabase } from '@tht/postgres/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectedEvent } from '../framework/projector';
import { eventRecorder } from '../framework/testing/recorded-events';
import { endedSessionsProjector } from './ended-sessions-projector';

let database: TestDatabase;

function history(): ProjectedEvent[] {
  const recorded = eventRecorder('2026-01-05T09:00:00.000Z');
  return [
    recorded('UserLoggedIn', { userId: 1, sessionId: 'phone' }),
    recorded('UserLoggedIn', { userId: 1, sessionId: 'laptop' }),
    recorded('UserLoggedOut', { userId: 1, sessionId: 'phone', sessionExpiresAt: '2026-01-12T09:00:00.000Z' }),
    // An event older than sessions, and "sign out everywhere": the token version's, not this table's.
    recorded('UserLoggedOut', { userId: 2 }),
    recorded('UserLoggedOutEverywhere', { userId: 1 }),
    recorded('UserLoggedOut', { userId: 3, sessionId: 'tablet', sessionExpiresAt: '2026-01-06T09:00:00.000Z' }),
    // The same session logged out twice (two requests at once) is one row.
    recorded('UserLoggedOut', { userId: 3, sessionId: 'tablet', sessionExpiresAt: '2026-01-06T09:00:00.000Z' }),
    recorded(
      'UserLoggedOut',
      { userId: 4, sessionId: 'desk', sessionExpiresAt: '2026-01-14T09:00:00.000Z' },
      '2026-01-07T09:00:00.000Z',
    ),
  ];
}

async function projectInto(schema: string, batches: ProjectedEvent[][]) {
  await sql`CREATE SCHEMA ${sql.id(schema)}`.execute(database.db);
  await endedSessionsProjector.migrate(database.db, schema);
  for (const batch of batches) {
    await database.db.transaction().execute((trx) => endedSessionsProjector.project(trx, schema, batch));
  }
  const rows = await database.db.withSchema(schema).selectFrom('ended_sessions').selectAll().orderBy('session_id').execute();
  return rows.map((row) => [row.session_id, row.user_id, new Date(row.expires_at).toISOString()]);
}

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.drop());

describe('endedSessionsProjector', () => {
  it('lists the sessions logged out one by one until their tokens expire, whatever the batching', async () => {
    const events = history();
    const together = await projectInto('together', [events]);
    expect(together).toEqual([
      ['desk', 4, '2026-01-14T09:00:00.000Z'],
      ['phone', 1, '2026-01-12T09:00:00.000Z'],
      // 'tablet' expired on the 6th, before the logout of the 7th: no longer needed.
    ]);
    expect(
      await projectInto(
        'one_by_one',
        events.map((event) => [event]),
      ),
    ).toEqual(together);
    expect(await projectInto('halves', [events.slice(0, 6), events.slice(6)])).toEqual(together);
  });

  it('keeps a session a few minutes past its expiry, for clocks that differ', async () => {
    const recorded = eventRecorder('2026-01-06T09:04:00.000Z');
    const rows = await projectInto('skew', [
      [recorded('UserLoggedOut', { userId: 3, sessionId: 'tablet', sessionExpiresAt: '2026-01-06T09:00:00.000Z' })],
    ]);
    expect(rows).toEqual([['tablet', 3, '2026-01-06T09:00:00.000Z']]);
  });
});
