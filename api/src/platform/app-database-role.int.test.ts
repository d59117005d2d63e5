import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createTestDatabase, type TestDatabase } from '@tht/postgres/testing';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../config';
import { createUserAndLogin, TEST_PASSWORD } from '../testing/accounts';
import { logEntryAs } from '../testing/entries';
import { request } from '../testing/request';
import { startTestApp, type TestApp } from '../testing/test-app';

/**
 * docker compose's API and projection runner connect as tht_app, made by docker/postgres when the
 * volume is first set up (or by hand on an older volume). The product must work as that role:
 * here its script runs on the embedded PostgreSQL and the real app runs as tht_app.
 */

const APP_ROLE = 'tht_app';
const APP_PASSWORD = 'app-role-password-for-tests';
const APP_ROLE_SCRIPT = readFileSync(path.join(REPO_ROOT, 'docker/postgres/app-role.psql'), 'utf8');

async function asSuperuser<T>(database: TestDatabase, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: database.connectionString });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** What 10-app-role.sh has psql do: the script with its one variable filled in. */
function runAppRoleScript(database: TestDatabase): Promise<unknown> {
  return asSuperuser(database, (client) =>
    client.query(APP_ROLE_SCRIPT.replace(":'app_password'", client.escapeLiteral(APP_PASSWORD))),
  );
}

function asAppRole(connectionString: string): string {
  const url = new URL(connectionString);
  url.username = APP_ROLE;
  url.password = APP_PASSWORD;
  return url.toString();
}

/** Tables, sequences and schemas of the product's database that tht_app does not own. */
async function objectsNotOwnedByAppRole(app: TestApp): Promise<string[]> {
  const { rows } = await app.ctx.pool.query<{ name: string }>(`
    SELECT n.nspname AS name FROM pg_namespace n
    WHERE n.nspname NOT LIKE 'pg\\_%' AND n.nspname NOT IN ('information_schema', 'public') AND n.nspowner::regrole::text <> current_user
    UNION ALL
    SELECT c.oid::regclass::text FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname NOT LIKE 'pg\\_%' AND n.nspname <> 'information_schema' AND c.relowner::regrole::text <> current_user`);
  return rows.map((row) => row.name);
}

/** A sign-in, a written entry and reading it back: commands, projections and queries as tht_app. */
async function expectTheProductWorks(app: TestApp) {
  const employee = await createUserAndLogin(app);
  const entry = await logEntryAs(app, employee, { trainingName: 'Fire safety', date: '2026-03-02', hours: 2 });
  const entries = await request(app, 'GET', `/api/entries?userId=${employee.user.id}`, { token: employee.token });
  expect(entries.status).toBe(200);
  expect(JSON.stringify(entries.body)).toContain(entry.id);
}

let database: TestDatabase | undefined;
let app: TestApp | undefined;

afterEach(async () => {
  await app?.close();
  app = undefined;
  if (database) {
    await asSuperuser(database, async (client) => {
      await client.query(`REASSIGN OWNED BY ${APP_ROLE} TO CURRENT_USER`);
      await client.query(`DROP ROLE ${APP_ROLE}`);
    });
    await database.drop();
    database = undefined;
  }
});

describe('docker/postgres/app-role.psql', () => {
  it('on a new volume: the product runs as tht_app, which is no superuser and owns all it made', async () => {
    database = await createTestDatabase();
    await runAppRoleScript(database);
    app = await startTestApp({ databaseUrl: asAppRole(database.connectionString) });

    const { rows } = await app.ctx.pool.query<{ rolsuper: boolean; rolcreatedb: boolean; rolcreaterole: boolean; user: string }>(
      'SELECT rolsuper, rolcreatedb, rolcreaterole, current_user AS user FROM pg_roles WHERE rolname = current_user',
    );
    expect(rows).toEqual([{ rolsuper: false, rolcreatedb: false, rolcreaterole: false, user: APP_ROLE }]);
    await expectTheProductWorks(app);
    expect(await objectsNotOwnedByAppRole(app)).toEqual([]);
    await expect(app.ctx.pool.query('CREATE DATABASE not_allowed')).rejects.toThrow(/permission denied/);
  });

  it('on a volume set up before it: hands what the superuser made to tht_app, data kept', async () => {
    database = await createTestDatabase();
    const before = await startTestApp({ databaseUrl: database.connectionString });
    const earlier = await createUserAndLogin(before);
    await logEntryAs(before, earlier, { trainingName: 'First aid', date: '2026-02-02', hours: 3 });
    await before.close();

    await runAppRoleScript(database);
    await runAppRoleScript(database); // a second run changes nothing
    app = await startTestApp({ databaseUrl: asAppRole(database.connectionString) });

    expect(await objectsNotOwnedByAppRole(app)).toEqual([]);
    const login = await request(app, 'POST', '/api/login', { body: { username: earlier.user.email, password: TEST_PASSWORD } });
    expect(login.status).toBe(200);
    const entries = await request(app, 'GET', `/api/entries?userId=${earlier.user.id}`, { token: login.body.authToken });
    expect(JSON.stringify(entries.body)).toContain('First aid');
    await expectTheProductWorks(app);
  });
});
