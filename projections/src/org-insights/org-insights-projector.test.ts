import { createTestDatabase, type TestDatabase } from '@tht/postgres/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ProjectedEvent } from '../framework/projector';
import type { ReadModelDb } from '../read-model-tables';
import { entryEvents } from '../framework/testing/entry-events';
import { eventRecorder } from '../framework/testing/recorded-events';
import { orgInsightsProjector } from './org-insights-projector';

const SCHEMA = 'read_models';
let database: TestDatabase;
let db: ReadModelDb;

const recorded = eventRecorder('2025-03-01T10:00:00.000Z');

// Named 'Course', rated 3 (not high) and not innovative unless a test says otherwise.
const { logged, edited, deleted } = entryEvents(recorded, { trainingName: 'Course', rating: 3 });
const userDeleted = (userId: number) => recorded('UserDeleted', { userId, email: `user${userId}@example.com` });

/** Applies each argument as one batch (an array is one batch of several events). */
async function project(...batches: (ProjectedEvent | ProjectedEvent[])[]): Promise<void> {
  for (const batch of batches) {
    const events = Array.isArray(batch) ? batch : [batch];
    await db.transaction().execute((trx) => orgInsightsProjector.project(trx, SCHEMA, events));
  }
}

/** 'year name completions sum' per course row. */
async function courses(): Promise<string[]> {
  const { rows } = await sql<{
    line: string;
  }>`SELECT year || ' ' || training_name || ' ' || completions || ' ' || rating_sum AS line
    FROM ${sql.table(`${SCHEMA}.org_course_ratings`)} ORDER BY year, training_name`.execute(db);
  return rows.map((row) => row.line);
}

/** The ids of the latest innovative entries of a year, as the HR query reads them. */
async function latestInnovative(year: number): Promise<number[]> {
  const { rows } = await sql<{ entry_id: number }>`SELECT entry_id FROM ${sql.table(`${SCHEMA}.org_insight_entries`)}
    WHERE year = ${year} AND innovative ORDER BY date DESC, entry_id DESC LIMIT 5`.execute(db);
  return rows.map((row) => row.entry_id);
}

async function everything(): Promise<string[]> {
  const lines: string[] = [];
  for (const table of ['org_insight_entries', 'org_course_ratings']) {
    const { rows } = await sql<{
      row: string;
    }>`SELECT ${table} || ' ' || to_jsonb(t)::text AS row FROM ${sql.table(`${SCHEMA}.${table}`)} t`.execute(db);
    lines.push(...rows.map((row) => row.row));
  }
  return lines.sort();
}

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  await sql`CREATE SCHEMA ${sql.id(SCHEMA)}`.execute(db);
  await orgInsightsProjector.migrate(db, SCHEMA);
  await orgInsightsProjector.migrate(db, SCHEMA); // idempotent
});

afterAll(() => database?.drop());

beforeEach(async () => {
  await sql`TRUNCATE ${sql.table(`${SCHEMA}.org_insight_entries`)}, ${sql.table(`${SCHEMA}.org_course_ratings`)}`.execute(db);
});

describe('org insights projector', () => {
  it('given logged entries, counts per year and training name the entries rated 4 or more and their ratings', async () => {
    await project(
      [logged(1, 10, { trainingName: 'Excel', rating: 5 }), logged(2, 11, { trainingName: 'Excel', rating: 4 })],
      logged(3, 10, { trainingName: 'Excel', rating: 3 }),
      logged(4, 10, { trainingName: 'Excel', rating: 5, date: '2024-06-01' }),
      logged(5, 12, { trainingName: 'First aid', rating: 0 }),
    );
    expect(await courses()).toEqual(['2024 Excel 1 5', '2025 Excel 2 9']);
  });

  it('when an entry is re-rated, renamed or moved to another year, moves its rating with it', async () => {
    await project(logged(1, 10, { trainingName: 'Excel', rating: 5 }), logged(2, 10, { trainingName: 'Excel', rating: 4 }));
    await project(edited(1, 10, { trainingName: 'Excel', rating: 3 }));
    expect(await courses()).toEqual(['2025 Excel 1 4']);
    await project(edited(2, 10, { trainingName: 'Advanced Excel', rating: 5, date: '2024-01-02' }));
    expect(await courses()).toEqual(['2024 Advanced Excel 1 5']);
    await project(edited(1, 10, { trainingName: 'Excel', rating: 4 }));
    expect(await courses()).toEqual(['2024 Advanced Excel 1 5', '2025 Excel 1 4']);
  });

  it('when entries are deleted, takes their ratings out and drops a course left with none', async () => {
    await project(logged(1, 10, { trainingName: 'Excel', rating: 5 }), logged(2, 10, { trainingName: 'Leadership', rating: 4 }));
    await project(deleted(1, 10));
    expect(await courses()).toEqual(['2025 Leadership 1 4']);
    expect(await latestInnovative(2025)).toEqual([]);
  });

  it('keeps the innovative entries of each year, latest date first (ties: the later entry)', async () => {
    await project(
      logged(1, 10, { beInnovative: true, date: '2025-01-05' }),
      logged(2, 10, { beInnovative: true, date: '2025-03-01' }),
      logged(3, 11, { beInnovative: false, date: '2025-04-01' }),
      logged(4, 11, { beInnovative: true, date: '2025-03-01' }),
      logged(5, 11, { beInnovative: true, date: '2024-12-31' }),
    );
    expect(await latestInnovative(2025)).toEqual([4, 2, 1]);
    await project(
      edited(2, 10, { beInnovative: false, date: '2025-03-01' }),
      edited(3, 11, { beInnovative: true, date: '2025-04-01' }),
    );
    expect(await latestInnovative(2025)).toEqual([3, 4, 1]);
    expect(await latestInnovative(2024)).toEqual([5]);
  });

  it('when a user is deleted, their entries and ratings leave (even those of the same batch); later edits of them change nothing', async () => {
    await project(
      logged(1, 10, { trainingName: 'Excel', rating: 5, beInnovative: true }),
      logged(2, 11, { trainingName: 'Excel', rating: 4 }),
    );
    await project([
      logged(3, 10, { trainingName: 'Excel', rating: 4 }),
      edited(2, 11, { trainingName: 'Excel', rating: 5 }),
      userDeleted(10),
    ]);
    expect(await courses()).toEqual(['2025 Excel 1 5']);
    expect(await latestInnovative(2025)).toEqual([]);
    await project(edited(1, 10, { trainingName: 'Excel', rating: 5 }));
    expect(await courses()).toEqual(['2025 Excel 1 5']);
  });

  it('reaches the same rows whether the events come one by one or in one batch', async () => {
    const history = [
      logged(1, 10, { trainingName: 'Excel', rating: 5, beInnovative: true }),
      logged(2, 10, { trainingName: 'Excel', rating: 4 }),
      edited(1, 10, { trainingName: 'Cloud', rating: 4, beInnovative: true }),
      logged(3, 11, { trainingName: 'Cloud', rating: 5, date: '2024-02-02' }),
      deleted(2, 10),
      logged(4, 12, { trainingName: 'Excel', rating: 5 }),
      userDeleted(12),
      edited(3, 11, { trainingName: 'Cloud', rating: 4, date: '2025-02-02' }),
    ];
    await project(...history);
    const oneByOne = await everything();
    await sql`TRUNCATE ${sql.table(`${SCHEMA}.org_insight_entries`)}, ${sql.table(`${SCHEMA}.org_course_ratings`)}`.execute(db);
    await project(history);
    expect(await everything()).toEqual(oneByOne);
    expect(await courses()).toEqual(['2025 Cloud 2 8']);
  });
});
