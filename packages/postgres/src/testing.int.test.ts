import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from './testing';

describe('createTestDatabase', () => {
  const created: TestDatabase[] = [];
  afterAll(async () => {
    await Promise.all(created.map((database) => database.drop()));
  });

  it('gives each call its own empty, writable database', async () => {
    const first = await createTestDatabase();
    const second = await createTestDatabase();
    created.push(first, second);
    expect(first.connectionString).not.toBe(second.connectionString);

    await first.pool.query('CREATE TABLE notes (id int PRIMARY KEY, body text)');
    await first.db.insertInto('notes').values({ id: 1, body: 'hello' }).execute();

    expect(await first.db.selectFrom('notes').selectAll().execute()).toEqual([{ id: 1, body: 'hello' }]);
    const { rows } = await second.pool.query("SELECT to_regclass('public.notes') AS notes");
    expect(rows[0].notes).toBeNull();
  });

  it('drops the database', async () => {
    const database = await createTestDatabase();
    const { rows } = await database.pool.query('SELECT current_database() AS name');
    const name: string = rows[0].name;
    await database.drop();

    const other = await createTestDatabase();
    created.push(other);
    const remaining = await other.pool.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    expect(remaining.rowCount).toBe(0);
  });
});
