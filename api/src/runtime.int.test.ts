import { sql } from 'kysely';
import { allProjectors, versionOf } from 'projections';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserAndLogin, type SignedInTestUser } from './testing/accounts';
import { logEntryAs } from './testing/entries';
import { request } from './testing/request';
import { startTestApp, type TestApp } from './testing/test-app';
import { createLogger } from './platform/logger';

let first: TestApp;
let ada: SignedInTestUser;

beforeAll(async () => {
  first = await startTestApp();
  ada = await createUserAndLogin(first, { firstName: 'Ada', lastName: 'Adams' });
  await logEntryAs(first, ada, { trainingName: 'Fire safety', date: '2026-03-02', hours: 2 });
}, 60_000);
afterAll(() => first?.close());

describe('start-up of the runtime', () => {
  it('rebuilds read models written by another version of a projector before serving, and says so', async () => {
    // The entries tables as an earlier version of their projector wrote them, now wrong.
    await sql`UPDATE read_models.projection_checkpoints SET version = 0 WHERE name = 'entries'`.execute(first.ctx.db);
    await sql`DELETE FROM read_models.entries`.execute(first.ctx.db);
    const lines: string[] = [];
    const log = createLogger('info', { destination: { write: (line) => void lines.push(line) } });

    const upgraded = await startTestApp({ databaseUrl: first.ctx.config.databaseUrl!, log });
    try {
      const messages = lines.map((line) => (JSON.parse(line) as { msg: string }).msg);
      expect(messages).toContain('Read models of an earlier version (entries): rebuilding them from the event log before serving');
      expect(messages.some((message) => /^Rebuilt the read models from \d+ events in /.test(message))).toBe(true);
      const { rows } = await sql<{ name: string; version: number }>`
        SELECT name, version FROM read_models.projection_checkpoints`.execute(upgraded.ctx.db);
      const currentVersions = allProjectors.map((projector) => [projector.name, versionOf(projector)]);
      expect(Object.fromEntries(rows.map(({ name, version }) => [name, version]))).toEqual(Object.fromEntries(currentVersions));
      const entries = await request<{ trainingName: string }[]>(upgraded, 'GET', `/api/entries?userId=${ada.user.id}&year=2026`, {
        token: ada.token,
      });
      expect(entries.body.map((entry) => entry.trainingName)).toEqual(['Fire safety']);
    } finally {
      await upgraded.close();
    }
  });
});
