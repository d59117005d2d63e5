import type { ProjectedEvent } from '../framework/projector';
import { createTestDatabase, type TestDatabase } from '@tht/postgres/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { targetsProjector } from './targets-projector';
import { eventRecorder } from '../framework/testing/recorded-events';

const SCHEMA = 'read_models';
let database: TestDatabase;

const recorded = eventRecorder('2026-03-01T10:00:00.000Z');

async function project(...events: ProjectedEvent[]): Promise<void> {
  await database.db.transaction().execute((trx) => targetsProjector.project(trx, SCHEMA, events));
}

async function projectOneByOne(...events: ProjectedEvent[]): Promise<void> {
  for (const event of events) await project(event);
}

const yearlyTargets = async () =>
  (await database.db.withSchema(SCHEMA).selectFrom('yearly_targets').selectAll().orderBy('id').execute()).map((row) => ({
    ...row,
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  }));
const userTargets = async () =>
  (await database.db.withSchema(SCHEMA).selectFrom('user_targets').selectAll().orderBy('id').execute()).map((row) => ({
    ...row,
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  }));

const MARCH = '2026-03-01T10:00:00.000Z';
const APRIL = '2026-04-01T10:00:00.000Z';

const yearly = (
  type: 'YearlyTargetCreated' | 'YearlyTargetUpdated',
  yearlyTargetId: number,
  year: number,
  targetHours: number,
  description: string | null,
  at = MARCH,
) => recorded(type, { yearlyTargetId, year, targetHours, description }, at);
const personal = (
  type: 'UserTargetCreated' | 'UserTargetUpdated',
  userTargetId: number,
  userId: number,
  year: number,
  targetHours: number,
  at = MARCH,
) => recorded(type, { userTargetId, userId, year, targetHours, reason: `reason ${targetHours}`, setBy: 9 }, at);

/** A history touching every case: updates in and across batches, a deleted user before and after new targets. */
const history = () => [
  yearly('YearlyTargetCreated', 1, 2026, 1500, 'Organisation-wide training target for 2026'),
  yearly('YearlyTargetCreated', 2, 2027, 10.5, null),
  personal('UserTargetCreated', 1, 5, 2026, 40),
  personal('UserTargetCreated', 2, 6, 2026, 60),
  recorded('UserLoggedIn', { userId: 5 }),
  yearly('YearlyTargetUpdated', 1, 2026, 1600, null, APRIL),
  personal('UserTargetUpdated', 1, 5, 2026, 45, APRIL),
  recorded('UserDeleted', { userId: 6, email: 'six@example.com' }),
  personal('UserTargetCreated', 3, 7, 2027, 70),
];

const expectedYearly = [
  { id: 1, year: 2026, target_hours: 1600, description: null, created_at: MARCH, updated_at: APRIL },
  { id: 2, year: 2027, target_hours: 10.5, description: null, created_at: MARCH, updated_at: MARCH },
];
const expectedPersonal = [
  { id: 1, user_id: 5, year: 2026, target_hours: 45, reason: 'reason 45', set_by: 9, created_at: MARCH, updated_at: APRIL },
  { id: 3, user_id: 7, year: 2027, target_hours: 70, reason: 'reason 70', set_by: 9, created_at: MARCH, updated_at: MARCH },
];

beforeAll(async () => {
  database = await createTestDatabase();
  await sql`CREATE SCHEMA ${sql.id(SCHEMA)}`.execute(database.db);
  await targetsProjector.migrate(database.db, SCHEMA);
  await targetsProjector.migrate(database.db, SCHEMA);
});

beforeEach(async () => {
  await sql`TRUNCATE ${sql.table(`${SCHEMA}.yearly_targets`)}, ${sql.table(`${SCHEMA}.user_targets`)}`.execute(database.db);
});

afterAll(() => database?.drop());

describe('targets projector', () => {
  it('folds a whole history in one batch', async () => {
    await project(...history());
    expect(await yearlyTargets()).toEqual(expectedYearly);
    expect(await userTargets()).toEqual(expectedPersonal);
  });

  it('reaches the same rows one event at a time', async () => {
    await projectOneByOne(...history());
    expect(await yearlyTargets()).toEqual(expectedYearly);
    expect(await userTargets()).toEqual(expectedPersonal);
  });

  it('keeps the creation time of a row from an earlier batch and removes a deleted user’s earlier targets', async () => {
    const events = history();
    await project(...events.slice(0, 4));
    await project(...events.slice(4));
    expect(await yearlyTargets()).toEqual(expectedYearly);
    expect(await userTargets()).toEqual(expectedPersonal);
  });
});
