import { createTestDatabase, type TestDatabase } from '@tht/postgres/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COPY_MIN_ROWS, deleteRows, insertRows, upsertRows } from './batch-sql';

interface NoteRow {
  id: number;
  title: string;
  hours: string;
  tags: string[] | null;
  at: string;
}

const types = { id: 'int4', title: 'text', hours: 'numeric', tags: 'jsonb', at: 'timestamptz' } as const;

describe('batched read-model writes', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
    await sql`CREATE TABLE notes (id int PRIMARY KEY, title text NOT NULL, hours numeric, tags jsonb, at timestamptz)`.execute(
      database.db,
    );
  });
  afterAll(() => database.drop());

  const rows = async () =>
    (
      await sql<NoteRow>`SELECT id, title, hours::text AS hours, tags, to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI') AS at
      FROM notes ORDER BY id`.execute(database.db)
    ).rows;

  it('inserts and updates many rows in one statement, the last row of a key winning', async () => {
    await database.db.transaction().execute(async (trx) => {
      await upsertRows<NoteRow>(
        trx,
        'public',
        'notes',
        [
          { id: 1, title: 'Quote " and \\ backslash', hours: '1.5', tags: ['a', 'b'], at: '2026-03-04T10:00:00.000Z' },
          { id: 2, title: 'first', hours: '2', tags: null, at: '2026-03-04T11:00:00.000Z' },
          { id: 2, title: 'second', hours: '2.5', tags: [], at: '2026-03-04T12:00:00.000Z' },
        ],
        { types, key: ['id'] },
      );
      await upsertRows<NoteRow>(
        trx,
        'public',
        'notes',
        [{ id: 1, title: 'renamed', hours: '3', tags: ['c'], at: '2026-03-05T10:00:00.000Z' }],
        {
          types,
          key: ['id'],
          update: ['title'],
        },
      );
    });
    expect(await rows()).toEqual([
      { id: 1, title: 'renamed', hours: '1.5', tags: ['a', 'b'], at: '2026-03-04T10:00' },
      { id: 2, title: 'second', hours: '2.5', tags: [], at: '2026-03-04T12:00' },
    ]);
  });

  it('deletes many rows by key in one statement', async () => {
    await database.db.transaction().execute((trx) => deleteRows(trx, 'public', 'notes', 'id', 'int4', [2, 99]));
    expect((await rows()).map((row) => row.id)).toEqual([1]);
  });

  it('inserts many new rows in one statement', async () => {
    await database.db.transaction().execute((trx) =>
      insertRows<NoteRow>(
        trx,
        'public',
        'notes',
        [
          { id: 3, title: 'three', hours: '0.25', tags: ['x'], at: '2026-03-06T10:00:00.000Z' },
          { id: 4, title: 'four', hours: '4', tags: null, at: '2026-03-06T11:00:00.000Z' },
        ],
        types,
      ),
    );
    expect((await rows()).slice(-2)).toEqual([
      { id: 3, title: 'three', hours: '0.25', tags: ['x'], at: '2026-03-06T10:00' },
      { id: 4, title: 'four', hours: '4', tags: null, at: '2026-03-06T11:00' },
    ]);
  });

  it('inserts a large batch with COPY, reading every value as the small batches do', async () => {
    const tricky = 'Tab\there, line\nbreak, \r, back\\slash \\N, "quotes", \\. and é';
    const many = Array.from({ length: COPY_MIN_ROWS }, (_, index): NoteRow => ({
      id: 100 + index,
      title: index === 0 ? tricky : `note ${index}`,
      hours: index === 1 ? (null as unknown as string) : '0.5',
      tags: index === 0 ? [tricky] : index === 1 ? null : [],
      at: '2026-03-07T10:00:00.000Z',
    }));
    await database.db.transaction().execute((trx) => insertRows<NoteRow>(trx, 'public', 'notes', many, types));
    const stored = (await rows()).filter((row) => row.id >= 100);
    expect(stored).toHaveLength(COPY_MIN_ROWS);
    expect(stored.slice(0, 3)).toEqual([
      { id: 100, title: tricky, hours: '0.5', tags: [tricky], at: '2026-03-07T10:00' },
      { id: 101, title: 'note 1', hours: null, tags: null, at: '2026-03-07T10:00' },
      { id: 102, title: 'note 2', hours: '0.5', tags: [], at: '2026-03-07T10:00' },
    ]);
  });

  it('fails the transaction when a COPY fails, keeping none of its rows', async () => {
    const clashing = Array.from({ length: COPY_MIN_ROWS }, (_, index): NoteRow => ({
      id: 1000 + (index % (COPY_MIN_ROWS - 1)), // one key twice
      title: 'clash',
      hours: '1',
      tags: null,
      at: '2026-03-08T10:00:00.000Z',
    }));
    await expect(
      database.db.transaction().execute((trx) => insertRows<NoteRow>(trx, 'public', 'notes', clashing, types)),
    ).rejects.toThrow(/duplicate key/);
    expect((await rows()).filter((row) => row.id >= 1000)).toEqual([]);
    // The connection goes on serving statements.
    expect(await rows()).not.toHaveLength(0);
  });
});
