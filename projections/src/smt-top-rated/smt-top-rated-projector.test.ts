import { createTestDatabase, type TestDatabase } from '@tht/postgres/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ProjectedEvent } from '../framework/projector';
import { entryEvents } from '../framework/testing/entry-events';
import { eventRecorder } from '../framework/testing/recorded-events';
import type { ReadModelDb } from '../read-model-tables';
import { smtTopRatedProjector } from './smt-top-rated-projector';

const SCHEMA = 'read_models';
const TABLE = sql.table(`${SCHEMA}.smt_top_rated_entries`);
let database: TestDatabase;
let db: ReadModelDb;

const recorded = eventRecorder('2025-03-01T10:00:00.000Z');

const events = entryEvents(recorded);

/** Only an entry's rating and date matter here. */
const logged = (entryId: number, userId: number, rating: number, date = '2025-02-28') =>
  events.logged(entryId, userId, { rating, date });
const edited = (entryId: number, userId: number, rating: number, date = '2025-02-28') =>
  events.edited(entryId, userId, { rating, date });
const { deleted } = events;
const userDeleted = (userId: number) => recorded('UserDeleted', { userId, email: `user${userId}@example.com` });

/** Applies each argument as one batch (an array is one batch of several events). */
async function project(...batches: (ProjectedEvent | ProjectedEvent[])[]): Promise<void> {
  for (const batch of batches) {
    await db.transaction().execute((trx) => smtTopRatedProjector.project(trx, SCHEMA, Array.isArray(batch) ? batch : [batch]));
  }
}

/** The year's best entries as the SMT query reads them: 'id:rating'. */
async function best(year: number, limit = 6): Promise<string[]> {
  const { rows } = await sql<{ line: string }>`SELECT entry_id || ':' || rating AS line FROM ${TABLE}
    WHERE year = ${year} ORDER BY rating DESC, date DESC, entry_id DESC LIMIT ${limit}`.execute(db);
  return rows.map((row) => row.line);
}

async function everything(): Promise<string[]> {
  const { rows } = await sql<{ row: string }>`SELECT to_jsonb(t)::text AS row FROM ${TABLE} t ORDER BY entry_id`.execute(db);
  return rows.map((row) => row.row);
}

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  await sql`CREATE SCHEMA ${sql.id(SCHEMA)}`.execute(db);
  await smtTopRatedProjector.migrate(db, SCHEMA);
  await smtTopRatedProjector.migrate(db, SCHEMA); // idempotent
});

afterAll(() => database?.drop());

beforeEach(async () => {
  await sql`TRUNCATE ${TABLE}`.execute(db);
});

describe('SMT top-rated projector', () => {
  it('given logged entries, keeps those rated 4 or more, best rating first, then the latest date, then the later entry', async () => {
    await project(
      [logged(1, 10, 4, '2025-06-01'), logged(2, 10, 5, '2025-01-01'), logged(3, 11, 3, '2025-12-31')],
      logged(4, 11, 5, '2025-03-01'),
      logged(5, 12, 5, '2025-03-01'),
      logged(6, 12, 0, '2025-03-02'),
      logged(7, 12, 5, '2024-12-31'),
    );
    expect(await best(2025)).toEqual(['5:5', '4:5', '2:5', '1:4']);
    expect(await best(2025, 2)).toEqual(['5:5', '4:5']);
    expect(await best(2024)).toEqual(['7:5']);
  });

  it('when an entry is re-rated or moved to another year, it joins, moves or leaves', async () => {
    await project(logged(1, 10, 5), logged(2, 10, 2), logged(3, 10, 4));
    await project(edited(1, 10, 3), edited(2, 10, 4), edited(3, 10, 5, '2024-05-05'));
    expect(await best(2025)).toEqual(['2:4']);
    expect(await best(2024)).toEqual(['3:5']);
  });

  it('when an entry is deleted, it leaves, even when logged and deleted in one batch', async () => {
    await project(logged(1, 10, 5), [logged(2, 10, 4), deleted(2, 10), deleted(1, 10)]);
    expect(await best(2025)).toEqual([]);
  });

  it("when a user is deleted, all their entries leave, those of the same batch too, and nobody else's", async () => {
    await project(logged(1, 10, 5), logged(2, 11, 5));
    await project([logged(3, 10, 4), edited(2, 11, 4), userDeleted(10)]);
    expect(await best(2025)).toEqual(['2:4']);
  });

  it('reaches the same rows whether the events come one by one or in one batch', async () => {
    const history = [
      logged(1, 10, 5),
      logged(2, 10, 4, '2024-01-01'),
      edited(1, 10, 2),
      logged(3, 11, 5),
      deleted(2, 10),
      logged(4, 12, 5),
      userDeleted(12),
      edited(1, 10, 4, '2025-09-09'),
      edited(3, 11, 5, '2024-02-02'),
    ];
    await project(...history);
    const oneByOne = await everything();
    await sql`TRUNCATE ${TABLE}`.execute(db);
    await project(history);
    expect(await everything()).toEqual(oneByOne);
    expect(await best(2025)).toEqual(['1:4']);
    expect(await best(2024)).toEqual(['3:5']);
  });
});
