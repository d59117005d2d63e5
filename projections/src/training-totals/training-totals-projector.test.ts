import type { ProjectedEvent } from '../framework/projector';
import { createTestDatabase, type TestDatabase } from '@tht/postgres/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { entryEvents } from '../framework/testing/entry-events';
import { eventRecorder } from '../framework/testing/recorded-events';
import { trainingTotalsProjector } from './training-totals-projector';

const SCHEMA = 'read_models';
let database: TestDatabase;

const recorded = eventRecorder('2025-03-01T10:00:00.000Z');

const { logged, edited, deleted } = entryEvents(recorded, { trainingName: 'Course', rating: 3 });

/** Applies each argument as one batch (an array is one batch of several events). */
async function project(...batches: (ProjectedEvent | ProjectedEvent[])[]): Promise<void> {
  for (const batch of batches) {
    const events = Array.isArray(batch) ? batch : [batch];
    await database.db.transaction().execute((trx) => trainingTotalsProjector.project(trx, SCHEMA, events));
  }
}

interface Totals {
  user: number;
  year: number;
  hours: number;
  entries: number;
  highRated: number;
  innovative: number;
  innovativeHours: number;
  byMonth: number[];
}

async function totals(): Promise<Totals[]> {
  const { rows } = await sql<{
    user_id: number;
    year: number;
    hours: string;
    entries: number;
    high_rated: number;
    innovative: number;
    innovative_hours: string;
    hours_by_month: string[];
  }>`
    SELECT * FROM ${sql.table(`${SCHEMA}.training_totals`)} ORDER BY user_id, year`.execute(database.db);
  return rows.map((row) => ({
    user: row.user_id,
    year: row.year,
    hours: Number(row.hours),
    entries: row.entries,
    highRated: row.high_rated,
    innovative: row.innovative,
    innovativeHours: Number(row.innovative_hours),
    byMonth: row.hours_by_month.map(Number),
  }));
}

async function topics(): Promise<string[]> {
  const { rows } = await sql<{ line: string }>`SELECT user_id || ' ' || year || ' ' || topic || ' ' || entries AS line
    FROM ${sql.table(`${SCHEMA}.training_topics`)} ORDER BY user_id, year, topic`.execute(database.db);
  return rows.map((row) => row.line);
}

/** Every row of the projector's tables as text, to compare states reached by different batchings. */
async function everything(): Promise<string[]> {
  const lines: string[] = [];
  for (const table of ['training_totals', 'training_topics', 'training_totals_entries']) {
    const { rows } = await sql<{
      row: string;
    }>`SELECT ${table} || ' ' || to_jsonb(t)::text AS row FROM ${sql.table(`${SCHEMA}.${table}`)} t`.execute(database.db);
    lines.push(...rows.map((row) => row.row));
  }
  return lines.sort();
}

const months = (filled: Record<number, number>) => Array.from({ length: 12 }, (_, index) => filled[index + 1] ?? 0);

beforeAll(async () => {
  database = await createTestDatabase();
  await sql`CREATE SCHEMA ${sql.id(SCHEMA)}`.execute(database.db);
  await trainingTotalsProjector.migrate(database.db, SCHEMA);
  await trainingTotalsProjector.migrate(database.db, SCHEMA); // idempotent
});

afterAll(() => database?.drop());

beforeEach(async () => {
  await sql`TRUNCATE ${sql.table(`${SCHEMA}.training_totals`)}, ${sql.table(`${SCHEMA}.training_topics`)}, ${sql.table(`${SCHEMA}.training_totals_entries`)}`.execute(
    database.db,
  );
});

describe('training totals projector', () => {
  it('given logged entries, keeps per person and year the hours, entries, high rated, innovative and hours per month', async () => {
    await project(
      [
        logged(1, 10, { date: '2025-01-10', hours: '2.5', rating: 4 }),
        logged(2, 10, { date: '2025-03-02', hours: '1', rating: 5, beInnovative: true }),
      ],
      logged(3, 10, { date: '2025-03-20', hours: '0.25', rating: 3 }),
      logged(4, 10, { date: '2024-12-31', hours: '7' }),
      logged(5, 11, { date: '2025-06-01', hours: '3', rating: 0 }),
    );
    expect(await totals()).toEqual([
      { user: 10, year: 2024, hours: 7, entries: 1, highRated: 0, innovative: 0, innovativeHours: 0, byMonth: months({ 12: 7 }) },
      {
        user: 10,
        year: 2025,
        hours: 3.75,
        entries: 3,
        highRated: 2,
        innovative: 1,
        innovativeHours: 1,
        byMonth: months({ 1: 2.5, 3: 1.25 }),
      },
      { user: 11, year: 2025, hours: 3, entries: 1, highRated: 0, innovative: 0, innovativeHours: 0, byMonth: months({ 6: 3 }) },
    ]);
  });

  it('given entries naming topics, counts each entry once per topic it mentions in its name or notes', async () => {
    await project(
      logged(1, 10, { trainingName: 'Risk Management', notes: 'risk, risk and risk' }),
      logged(2, 10, { trainingName: 'Lean Six-Sigma for managers', notes: 'management tools' }),
      logged(3, 10, { trainingName: 'Brisk walking', date: '2024-05-05' }),
      logged(4, 11, { trainingName: 'Teamwork', notes: 'AI in teams' }),
    );
    expect(await topics()).toEqual([
      '10 2025 Lean 1',
      '10 2025 Management 2',
      '10 2025 Risk 1',
      '10 2025 Six Sigma 1',
      '11 2025 AI 1',
      '11 2025 Teamwork 1',
    ]);
  });

  it('when an entry is moved to another date and year, moves its hours, month and topics with it', async () => {
    await project(
      logged(1, 10, { date: '2025-02-01', hours: '2', trainingName: 'Leadership' }),
      logged(2, 10, { date: '2025-05-05', hours: '1' }),
    );
    await project(edited(1, 10, { date: '2024-11-15', hours: '3', trainingName: 'Leadership', rating: 5 }));
    expect(await totals()).toEqual([
      { user: 10, year: 2024, hours: 3, entries: 1, highRated: 1, innovative: 0, innovativeHours: 0, byMonth: months({ 11: 3 }) },
      { user: 10, year: 2025, hours: 1, entries: 1, highRated: 0, innovative: 0, innovativeHours: 0, byMonth: months({ 5: 1 }) },
    ]);
    expect(await topics()).toEqual(['10 2024 Leadership 1']);
  });

  it('when an edit changes the name, counts the topics of the new name only', async () => {
    await project(logged(1, 10, { trainingName: 'Risk basics' }));
    await project(edited(1, 10, { trainingName: 'Cloud security' }));
    expect(await topics()).toEqual(['10 2025 Cloud 1', '10 2025 Security 1']);
  });

  it('when an entry is deleted, takes it out, and a year left with no entries has no row', async () => {
    await project(logged(1, 10, { hours: '1.5', trainingName: 'Risk' }), logged(2, 10, { hours: '2', date: '2024-01-01' }));
    await project(deleted(1, 10));
    expect(await totals()).toEqual([
      { user: 10, year: 2024, hours: 2, entries: 1, highRated: 0, innovative: 0, innovativeHours: 0, byMonth: months({ 1: 2 }) },
    ]);
    expect(await topics()).toEqual([]);
  });

  it('when a batch changes hours without changing counts, or changes nothing, the totals follow exactly', async () => {
    await project(
      logged(1, 10, { hours: '1.5', date: '2025-02-01' }),
      logged(2, 10, { hours: '0.25', date: '2025-02-03' }),
      logged(3, 11, { hours: '2', date: '2025-04-04', trainingName: 'Risk' }),
      logged(5, 12, { hours: '1.50', date: '2024-06-06', trainingName: 'Risk' }),
    );
    await project([
      edited(1, 10, { hours: '2.25', date: '2025-03-01' }),
      edited(2, 10, { hours: '0.25', date: '2025-02-03' }),
      deleted(3, 11),
      logged(4, 11, { hours: '0.75', date: '2025-04-05', trainingName: 'Risk' }),
      edited(5, 12, { hours: '1.5', date: '2024-06-07', trainingName: 'Risk' }),
    ]);
    expect(await totals()).toEqual([
      {
        user: 10,
        year: 2025,
        hours: 2.5,
        entries: 2,
        highRated: 0,
        innovative: 0,
        innovativeHours: 0,
        byMonth: months({ 2: 0.25, 3: 2.25 }),
      },
      {
        user: 11,
        year: 2025,
        hours: 0.75,
        entries: 1,
        highRated: 0,
        innovative: 0,
        innovativeHours: 0,
        byMonth: months({ 4: 0.75 }),
      },
      {
        user: 12,
        year: 2024,
        hours: 1.5,
        entries: 1,
        highRated: 0,
        innovative: 0,
        innovativeHours: 0,
        byMonth: months({ 6: 1.5 }),
      },
    ]);
    expect(await topics()).toEqual(['11 2025 Risk 1', '12 2024 Risk 1']);
  });

  it('when a user is deleted, forgets their figures, including those of the same batch', async () => {
    await project(logged(1, 10), logged(2, 11));
    await project([
      logged(3, 10, { date: '2024-02-02' }),
      edited(1, 10, { hours: '4' }),
      recorded('UserDeleted', { userId: 10, email: 'a@example.com' }),
    ]);
    expect((await totals()).map((row) => row.user)).toEqual([11]);
    const { rows } = await sql<{
      entry_id: number;
    }>`SELECT entry_id FROM ${sql.table(`${SCHEMA}.training_totals_entries`)}`.execute(database.db);
    expect(rows.map((row) => row.entry_id)).toEqual([2]);
  });

  it('when a report moves to another manager, keeps their figures as they are (the manager view joins on the current manager)', async () => {
    await project(logged(1, 10, { trainingName: 'Leadership' }));
    const before = await everything();
    await project(recorded('UserUpdated', { userId: 10, changes: { managerId: 99, managerName: 'New Boss' } }));
    expect(await everything()).toEqual(before);
  });

  it('ignores an edit or deletion of an entry it never saw', async () => {
    await project(edited(7, 10), deleted(8, 10));
    expect(await everything()).toEqual([]);
  });

  it('gives the same rows however the events are cut into batches', async () => {
    const history = [
      logged(1, 10, { hours: '1.50', trainingName: 'Risk' }),
      logged(2, 10, { hours: '0.25' }),
      edited(2, 10, { hours: '0.75', date: '2024-07-07' }),
      logged(3, 11, { hours: '2', beInnovative: true, trainingName: 'Data analytics' }),
      deleted(2, 10),
      edited(1, 10, { hours: '1.25', trainingName: 'Risk and leadership' }),
      logged(4, 10, { hours: '0.5' }),
      deleted(4, 10),
      edited(3, 11, { hours: '2.5', beInnovative: true, trainingName: 'Data analytics' }),
      logged(5, 12, { hours: '1.5' }),
      logged(6, 12, { hours: '0.25' }),
      deleted(6, 12),
    ];
    await project(...history);
    const oneByOne = await everything();
    await sql`TRUNCATE ${sql.table(`${SCHEMA}.training_totals`)}, ${sql.table(`${SCHEMA}.training_topics`)}, ${sql.table(`${SCHEMA}.training_totals_entries`)}`.execute(
      database.db,
    );
    await project(history.slice(0, 4), history.slice(4));
    expect(await everything()).toEqual(oneByOne);
    expect(await totals()).toEqual([
      {
        user: 10,
        year: 2025,
        hours: 1.25,
        entries: 1,
        highRated: 0,
        innovative: 0,
        innovativeHours: 0,
        byMonth: months({ 2: 1.25 }),
      },
      {
        user: 11,
        year: 2025,
        hours: 2.5,
        entries: 1,
        highRated: 0,
        innovative: 1,
        innovativeHours: 2.5,
        byMonth: months({ 2: 2.5 }),
      },
      {
        user: 12,
        year: 2025,
        hours: 1.5,
        entries: 1,
        highRated: 0,
        innovative: 0,
        innovativeHours: 0,
        byMonth: months({ 2: 1.5 }),
      },
    ]);
    // 1.5 + 0.25 - 0.25 is 1.50 in numeric arithmetic: trimmed, it reads as the one-batch sum does.
    expect(oneByOne.find((line) => line.startsWith('training_totals {') && line.includes('"user_id": 12'))).toContain(
      '"hours": 1.5,',
    );
  });
});
