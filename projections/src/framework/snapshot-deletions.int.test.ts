import { createTestDatabase, type TestDatabase } from '@tht/postgres/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckpointsDb } from './checkpoints';
import { clearDeletions, deletedKeys, noteDeletions, wasTruncated } from './snapshot-deletions';

const SCHEMA = 'deletions_test';
const TABLE = { table: 'totals', key: ['user_id', 'year'] };

describe('the keys deleted from the snapshots’ work schema', () => {
  let database: TestDatabase;
  let db: CheckpointsDb;
  const keys = async () =>
    (await sql<{ user_id: number; year: number }>`SELECT * FROM ${deletedKeys(SCHEMA, TABLE)} AS k ORDER BY 1, 2`.execute(db)).rows;

  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.db;
    await sql`CREATE SCHEMA ${sql.id(SCHEMA)}`.execute(db);
    await sql`CREATE TABLE ${sql.table(`${SCHEMA}.totals`)} (user_id int, year int, hours numeric, PRIMARY KEY (user_id, year))`.execute(
      db,
    );
    await noteDeletions(db, SCHEMA, [TABLE]);
  });
  afterAll(() => database?.drop());

  it('notes deleted rows and changed keys, not other updates, until cleared; a truncation by itself', async () => {
    const totals = sql.table(`${SCHEMA}.totals`);
    await sql`INSERT INTO ${totals} VALUES (1, 2025, 3), (1, 2026, 4), (2, 2026, 5), (3, 2026, 6)`.execute(db);
    await sql`UPDATE ${totals} SET hours = hours + 1`.execute(db);
    expect(await keys()).toEqual([]);

    await sql`DELETE FROM ${totals} WHERE user_id = 1 AND year = 2025`.execute(db);
    await sql`UPDATE ${totals} SET user_id = 4 WHERE user_id = 2`.execute(db);
    await sql`DELETE FROM ${totals} WHERE user_id = 1 AND year = 2025`.execute(db);
    expect(await keys()).toEqual([
      { user_id: 1, year: 2025 },
      { user_id: 2, year: 2026 },
    ]);
    expect(await wasTruncated(db, SCHEMA, 'totals')).toBe(false);

    await clearDeletions(db, SCHEMA);
    expect(await keys()).toEqual([]);
    await sql`TRUNCATE ${totals}`.execute(db);
    expect(await wasTruncated(db, SCHEMA, 'totals')).toBe(true);
    expect(await keys()).toEqual([]);
  });
});
