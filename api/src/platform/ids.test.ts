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
