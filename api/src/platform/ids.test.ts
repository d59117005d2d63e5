import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../testing/test-app';

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
