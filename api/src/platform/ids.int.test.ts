import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startTestApp, type TestApp } from '../testing/test-app';
import { createIdAllocator, migrateIds } from './ids';

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
});

afterAll(() => app?.close());

describe('ids', () => {
  it('allocates increasing integers per kind, independently', async () => {
    const first = await app.ctx.ids.next('entry');
    const second = await app.ctx.ids.next('entry');
    expect(Number.isInteger(first) && first >= 1).toBe(true);
    expect(second).toBe(first + 1);
    expect(await app.ctx.ids.next('formFieldOption')).toBe(1);
  });

  it('never hands out the same id twice under concurrency', async () => {
    const ids = await Promise.all(Array.from({ length: 50 }, () => app.ctx.ids.next('user')));
    expect(new Set(ids).size).toBe(50);
  });
});

describe('nextMany', () => {
  it('allocates a run of new ids at once, ascending, none handed out before or after', async () => {
    const before = await app.ctx.ids.next('userTarget');
    const run = await app.ctx.ids.nextMany('userTarget', 5);
    const after = await app.ctx.ids.next('userTarget');
    expect(run).toHaveLength(5);
    expect(run).toEqual([...run].sort((a, b) => a - b));
    expect(Math.min(...run)).toBeGreaterThan(before);
    expect(after).toBeGreaterThan(Math.max(...run));
    expect(await app.ctx.ids.nextMany('userTarget', 0)).toEqual([]);
  });
});

describe('ids allocated in blocks (entries)', () => {
  const entrySequenceValue = async () =>
    Number((await sql<{ value: string }>`SELECT last_value AS value FROM ids.entry_id`.execute(app.ctx.db)).rows[0]!.value);

  it('are unique across processes and restarts, with one round trip per block of 100', async () => {
    const before = await entrySequenceValue();
    const processes = [createIdAllocator(app.ctx.db), createIdAllocator(app.ctx.db)];
    const ids = (
      await Promise.all(processes.map((ids) => Promise.all(Array.from({ length: 150 }, () => ids.next('entry')))))
    ).flat();
    const many = await processes[0]!.nextMany('entry', 250);
    const restarted = await createIdAllocator(app.ctx.db).next('entry');

    expect(new Set([...ids, ...many, restarted]).size).toBe(150 * 2 + 250 + 1);
    expect(restarted).toBeGreaterThan(Math.max(...ids, ...many));
    expect(many).toEqual([...many].sort((a, b) => a - b));
    // 150 ids each: two blocks per process; 250 at once: three blocks; the restart: one.
    expect(await entrySequenceValue()).toBe(before + (2 + 2 + 3 + 1) * 100);
  });

  it('start above every id of a sequence that moved one at a time before', async () => {
    await sql`ALTER SEQUENCE ids.entry_id INCREMENT BY 1`.execute(app.ctx.db);
    const old = Number((await sql<{ id: string }>`SELECT nextval('ids.entry_id') AS id`.execute(app.ctx.db)).rows[0]!.id);
    await migrateIds(app.ctx.db);
    const ids = createIdAllocator(app.ctx.db);
    const first = await ids.next('entry');
    const rest = await Promise.all(Array.from({ length: 99 }, () => ids.next('entry')));
    expect(first).toBeGreaterThan(old);
    expect(rest).toEqual(Array.from({ length: 99 }, (_, index) => first + 1 + index));
  });
});
