import { sql } from 'kysely';
import { SNAPSHOT_SCHEMA, snapshotsSize, takeSnapshots } from 'projections';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserAndLogin, type SignedInTestUser } from '../testing/accounts';
import { logEntryAs } from '../testing/entries';
import { request } from '../testing/request';
import { startTestApp, type TestApp } from '../testing/test-app';

/**
 * The snapshots of the read models (decision 050) hold people's names as the read models do; an
 * erasure (decision 038) drops them with the replays as of past moments, and the snapshots taken
 * again from the log can no longer read the person.
 */
let app: TestApp;
let admin: SignedInTestUser;
let leaver: SignedInTestUser;
const FIRST = 'Philippa';
const LAST = 'Snapshotworth';
const YEAR = new Date().getUTCFullYear();

const take = () => takeSnapshots({ pool: app.ctx.pool, store: app.ctx.store, every: 5 });

/** Rows of the snapshots' history tables that name `needle` anywhere in them. */
async function snapshotRowsNaming(needle: string): Promise<number> {
  const { rows: tables } = await sql<{ table: string }>`SELECT c.relname AS table FROM pg_class c
    WHERE c.relnamespace = to_regnamespace(${SNAPSHOT_SCHEMA}) AND c.relkind = 'r'`.execute(app.ctx.db);
  let found = 0;
  for (const { table } of tables) {
    const { rows } = await sql<{ hits: number }>`SELECT count(*)::int AS hits FROM ${sql.table(`${SNAPSHOT_SCHEMA}.${table}`)} t
      WHERE strpos(t::text, ${needle}) > 0`.execute(app.ctx.db);
    found += rows[0]!.hits;
  }
  return found;
}

beforeAll(async () => {
  app = await startTestApp();
  admin = await createUserAndLogin(app, { role: 'admin' });
  leaver = await createUserAndLogin(app, { firstName: FIRST, lastName: LAST });
  for (const hours of [1, 2, 3])
    await logEntryAs(app, leaver, { trainingName: `Course of ${hours} h`, date: `${YEAR}-01-02`, hours });
});

afterAll(() => app?.close());

describe('snapshots of the read models and erasure', () => {
  it('are dropped when a person is erased, and taken again from the log without them', async () => {
    expect((await take())!.length).toBeGreaterThan(1);
    expect(await snapshotRowsNaming(LAST)).toBeGreaterThan(0);

    expect((await request(app, 'POST', `/api/users/${leaver.user.id}/deactivate`, { token: admin.token })).status).toBe(204);
    const erased = await request(app, 'POST', `/api/users/${leaver.user.id}/erase`, {
      token: admin.token,
      body: { confirmName: `${FIRST} ${LAST}` },
    });
    expect(erased.status).toBe(204);
    expect(await snapshotsSize(app.ctx.db)).toEqual({ snapshots: 0, latest: null, bytes: 0 });

    const retaken = (await take())!;
    expect(retaken[0]!.events).toBe(5);
    expect(await snapshotRowsNaming(LAST)).toBe(0);
    expect((await snapshotsSize(app.ctx.db)).snapshots).toBe(retaken.length);
  });
});
