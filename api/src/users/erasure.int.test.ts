import { ACCOUNT_MESSAGES as M, type EntryView } from '@tht/contracts';
import { sealChain, verifyChain } from '@tht/eventstore';
import type pg from 'pg';
import { rebuildReadModels } from 'projections';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserAndLogin, type SignedInTestUser } from '../testing/accounts';
import { logEntryAs } from '../testing/entries';
import { request } from '../testing/request';
import { startTestApp, type TestApp } from '../testing/test-app';

/**
 * Erasure by crypto-shredding (issue #30, decision 038): after a deactivated person is erased,
 * their name and address are in no table of the database, the event log included; the chain
 * still verifies, a rebuild equals the live state, and the organisation's figures are unchanged.
 */

let app: TestApp;
let admin: SignedInTestUser;
let hr: SignedInTestUser;
let manager: SignedInTestUser;
let leaver: SignedInTestUser;
let colleague: SignedInTestUser;
let report: SignedInTestUser;
/** Entries that name the leaver as their manager: her report's, and a colleague's who never reported to her. */
let namingHer: EntryView[];
/** A moment before the erasure, once everything above was recorded. */
let beforeErasure: string;

const YEAR = new Date().getFullYear();
const FIRST = 'Zephyrine';
const LAST = 'Quattlebaum';
const LOCAL_PART = 'zephyrine.quattlebaum';

const post = (path: string, token: string, body?: unknown) => request(app, 'POST', path, { token, body });
const get = (path: string, token: string) => request(app, 'GET', path, { token });
const erase = (id: number, confirmName: unknown, token = admin.token) => post(`/api/users/${id}/erase`, token, { confirmName });

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Every text, JSON and byte column of every table of every schema, each value searched for each needle (case aside). */
async function findEverywhere(pool: pg.Pool, needles: readonly string[]): Promise<string[]> {
  const { rows: columns } = await pool.query<{ schema: string; table: string; column: string; type: string }>(
    `SELECT c.table_schema AS schema, c.table_name AS table, c.column_name AS column, c.data_type AS type
       FROM information_schema.columns AS c
       JOIN information_schema.tables AS t ON (t.table_schema, t.table_name) = (c.table_schema, c.table_name)
      WHERE t.table_type = 'BASE TABLE' AND c.table_schema NOT IN ('pg_catalog', 'information_schema')
        AND c.data_type IN ('text', 'character varying', 'character', 'name', 'json', 'jsonb', 'bytea', 'ARRAY', 'USER-DEFINED')`,
  );
  expect(columns.map(({ schema }) => schema)).toEqual(expect.arrayContaining(['eventstore', 'read_models', 'personal_keys']));
  const patterns = needles.map((needle) => `%${needle.toLowerCase()}%`);
  const found: string[] = [];
  for (const { schema, table, column, type } of columns) {
    const name = `${quoted(schema)}.${quoted(table)}`;
    const text = type === 'bytea' ? `encode(${quoted(column)}, 'escape')` : `${quoted(column)}::text`;
    const { rows } = await pool.query<{ hits: number }>(
      `SELECT count(*)::int AS hits FROM ${name} WHERE lower(${text}) LIKE ANY($1)`,
      [patterns],
    );
    if (rows[0]!.hits > 0) found.push(`${schema}.${table}.${column} (${rows[0]!.hits})`);
  }
  return found;
}

/** Asks for the HR figures as of `asOf` until the replay is built (202 meanwhile), at most 60 s. */
const hrStatsAsOf = (asOf: string, token: string) => getAsOf(`/api/hr/stats?year=${YEAR}`, asOf, token);

/** Asks for `path` as of `asOf` until the replay is built (202 meanwhile), at most 60 s. */
async function getAsOf(pathWithQuery: string, asOf: string, token: string) {
  const path = `${pathWithQuery}&asOf=${encodeURIComponent(asOf)}`;
  const deadline = Date.now() + 60_000;
  let answer = await get(path, token);
  while (answer.status === 202 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    answer = await get(path, token);
  }
  return answer;
}

/** An answer's figures: its body without the texts that name people (names, notes). */
const figures = (answer: { body: unknown }): unknown =>
  JSON.parse(
    JSON.stringify(answer.body, (key, value: unknown) => (key === 'employeeName' || key === 'notesPreview' ? undefined : value)),
  );

/** Every read-model table's rows, in a stable order (the checkpoints aside: a rebuild writes its own). */
async function readModels(pool: pg.Pool): Promise<Record<string, string[]>> {
  const { rows: tables } = await pool.query<{ table: string }>(
    `SELECT table_name AS table FROM information_schema.tables WHERE table_schema = 'read_models' AND table_type = 'BASE TABLE'
      AND table_name NOT LIKE '%checkpoint%' ORDER BY table_name`,
  );
  const state: Record<string, string[]> = {};
  for (const { table } of tables) {
    const { rows } = await pool.query<{ row: string }>(
      `SELECT row_to_json(t)::text AS row FROM read_models.${quoted(table)} AS t ORDER BY 1`,
    );
    state[table] = rows.map(({ row }) => row);
  }
  return state;
}

beforeAll(async () => {
  app = await startTestApp();
  const domain = app.ctx.config.orgEmailDomain;
  admin = await createUserAndLogin(app, { role: 'admin', firstName: 'Ada', lastName: 'Admin' });
  hr = await createUserAndLogin(app, { role: 'hr', firstName: 'Hana', lastName: 'Hughes', managerId: admin.user.id });
  manager = await createUserAndLogin(app, { role: 'manager', firstName: 'Max', lastName: 'Manager', managerId: admin.user.id });
  leaver = await createUserAndLogin(app, {
    firstName: FIRST,
    lastName: LAST,
    email: `${LOCAL_PART}@${domain}`,
    managerId: manager.user.id,
  });
  colleague = await createUserAndLogin(app, { firstName: 'Cole', lastName: 'League', managerId: manager.user.id });
  // Someone who reports to the leaver, and names her on an entry as the form suggests.
  report = await createUserAndLogin(app, { firstName: 'Rita', lastName: 'Report', managerId: leaver.user.id });
  const reportEntry = await logEntryAs(app, report, {
    trainingName: 'Negotiation',
    date: `${YEAR}-04-01`,
    hours: 3,
    managerName: `${FIRST} ${LAST}`,
  } as Parameters<typeof logEntryAs>[2]);
  // Someone who never reported to her names her all the same (typed in another case): the one account of that name.
  const colleagueEntry = await logEntryAs(app, colleague, {
    trainingName: 'Mentoring',
    date: `${YEAR}-05-02`,
    hours: 1,
    managerName: 'Someone Else',
  } as Parameters<typeof logEntryAs>[2]);
  // An edit names her (in capitals), where the first version named no one.
  const { firstName, lastName, department, trainingName, date } = colleagueEntry;
  const edited = await request<EntryView>(app, 'PUT', `/api/entries/${colleagueEntry.id}`, {
    token: colleague.token,
    body: { firstName, lastName, department, trainingName, date, hours: 1.5, managerName: ` ${FIRST.toUpperCase()} ${LAST} ` },
  });
  expect(edited.status).toBe(200);
  namingHer = [reportEntry, edited.body];

  expect(
    (await post('/api/form-fields', admin.token, { name: 'Mentor', label: 'Mentor', type: 'text', required: false })).status,
  ).toBe(201);
  for (const [date, hours, rating] of [
    [`${YEAR}-01-10`, 5, 5],
    [`${YEAR}-02-11`, 2.5, 3],
  ] as const) {
    await logEntryAs(app, leaver, {
      trainingName: 'Leadership essentials',
      date,
      hours,
      rating,
      beInnovative: true,
      managerName: 'Max Manager',
      notes: `${FIRST} ${LAST} presented what she learnt about project management (${LOCAL_PART})`,
      customFields: { Mentor: `${FIRST}'s own mentor notes` },
    } as Parameters<typeof logEntryAs>[2]);
  }
  await logEntryAs(app, colleague, { trainingName: 'Excel', date: `${YEAR}-03-01`, hours: 1, rating: 4 });
  const target = await post('/api/user-targets', hr.token, {
    userId: leaver.user.id,
    year: YEAR,
    targetHours: 20,
    reason: `${LAST} works part-time`,
  });
  expect(target.status).toBe(201);
  // A sign-in and a failed one: the security log names the address typed.
  expect((await post('/api/login', '', { username: leaver.user.email, password: 'not-the-password' })).status).toBe(401);
  expect((await post('/api/login', '', { username: leaver.user.email, password: leaver.password })).status).toBe(200);
});

afterAll(() => app?.close());

describe('erasing a person', () => {
  it('is for admins, refuses an active account (409) and a name that is not theirs (400)', async () => {
    expect((await erase(leaver.user.id, `${FIRST} ${LAST}`, hr.token)).status).toBe(403);
    expect(await erase(leaver.user.id, `${FIRST} ${LAST}`)).toMatchObject({ status: 409, body: { error: M.eraseActiveAccount } });
    expect((await post(`/api/users/${leaver.user.id}/deactivate`, admin.token)).status).toBe(204);
    expect(await erase(leaver.user.id, FIRST)).toMatchObject({ status: 400, body: { error: M.eraseNameMismatch } });
    expect(await erase(leaver.user.id, 42)).toMatchObject({ status: 400, body: { error: M.eraseNameMismatch } });
    expect(await erase(999_999, 'Nobody')).toMatchObject({ status: 404, body: { error: M.userNotFound } });
  });

  it('leaves their name and address in no table of the database, the event log included; the chain verifies; figures stay', async () => {
    const { pool } = app.ctx;
    const needles = [FIRST, LAST, LOCAL_PART];
    const statsBefore = await get(`/api/hr/stats?year=${YEAR}`, hr.token);
    expect(statsBefore.status).toBe(200);
    // The organisation as of now, replayed aside while the person can still be read.
    const cut = new Date(Date.now() + 1).toISOString();
    beforeErasure = cut;
    await new Promise((resolve) => setTimeout(resolve, 5));
    const asOfBefore = await hrStatsAsOf(cut, hr.token);
    expect(asOfBefore.status).toBe(200);
    expect(JSON.stringify(asOfBefore.body)).toContain(FIRST);
    // The search finds what is there: before the erasure, the person is everywhere.
    expect(await findEverywhere(pool, needles)).toEqual(expect.arrayContaining([expect.stringMatching(/^read_models\.users\./)]));

    expect(await erase(leaver.user.id, `  ${FIRST.toLowerCase()} ${LAST} `)).toMatchObject({ status: 204 });

    await sealChain(pool);
    expect(await findEverywhere(pool, needles)).toEqual([]);
    expect(await verifyChain(pool)).toMatchObject({ ok: true, unsealed: 0 });
    expect(figures(await get(`/api/hr/stats?year=${YEAR}`, hr.token))).toEqual(figures(statsBefore));
    // As of a moment before the erasure, the person is erased all the same, and the figures stay.
    const asOfAfter = await hrStatsAsOf(cut, hr.token);
    expect(asOfAfter.status).toBe(200);
    expect(JSON.stringify(asOfAfter.body)).not.toContain(FIRST);
    expect(figures(asOfAfter)).toEqual(figures(asOfBefore));
    expect(JSON.stringify(statsBefore.body)).toContain(FIRST);
    expect((await get(`/api/users/${leaver.user.id}`, admin.token)).body).toMatchObject({
      firstName: 'Erased',
      lastName: `person #${leaver.user.id}`,
      email: `erased-person-${leaver.user.id}@erased.invalid`,
    });
    const entries = await get(`/api/entries?userId=${leaver.user.id}&year=${YEAR}`, admin.token);
    expect(entries.body).toEqual([
      expect.objectContaining({ hours: '2.5', rating: 3, notes: '[erased]', customFields: { Mentor: '[erased]' } }),
      // Her manager's name on her entries is his, not hers: it stays.
      expect.objectContaining({ hours: '5', rating: 5, firstName: 'Erased', managerName: 'Max Manager' }),
    ]);
    const audit = await get('/api/audit/log?pageSize=100', admin.token);
    expect(audit.status).toBe(200);
    expect(JSON.stringify(audit.body)).not.toMatch(new RegExp(`${FIRST}|${LAST}|${LOCAL_PART}`, 'i'));
    expect(JSON.stringify(audit.body)).toContain(`Erased person #${leaver.user.id}`);
  });

  it('leaves her name on no entry that named her as their manager: histories, data downloads, exports, rebuilds', async () => {
    const erased = `Erased person #${leaver.user.id}`;
    const herName = new RegExp(`${FIRST}|${LAST}`, 'i');
    const shows = (answer: { status: number; body: unknown }) => {
      expect(answer.status).toBe(200);
      const text = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
      expect(text).not.toMatch(herName);
      expect(text).toContain(erased);
    };
    for (const entry of namingHer) {
      shows(await get(`/api/history/entries/${entry.id}`, admin.token));
      shows(await get(`/api/users/${entry.userId}/personal-data`, admin.token));
      shows(await get(`/api/users/${entry.userId}/personal-data?format=csv`, admin.token));
    }
    shows(await get(`/api/export?year=${YEAR}`, hr.token));
    // Past entries, as of a moment before she was erased: replayed from the log.
    shows(await getAsOf(`/api/export?year=${YEAR}`, beforeErasure, hr.token));
    await rebuildReadModels({ pool: app.ctx.pool, store: app.ctx.store });
    for (const entry of namingHer) {
      const rebuilt = await get(`/api/entries?userId=${entry.userId}&year=${YEAR}`, admin.token);
      expect(rebuilt.body).toContainEqual(expect.objectContaining({ id: entry.id, managerName: erased }));
    }
    expect(await findEverywhere(app.ctx.pool, [FIRST, LAST, LOCAL_PART])).toEqual([]);
  });

  it('is final: no second erasure, no reactivation; a rebuild equals the live state', async () => {
    expect(await erase(leaver.user.id, `Erased person #${leaver.user.id}`)).toMatchObject({
      status: 409,
      body: { error: M.accountErased },
    });
    expect(await post(`/api/users/${leaver.user.id}/reactivate`, admin.token)).toMatchObject({
      status: 409,
      body: { error: M.accountErased },
    });
    const live = await readModels(app.ctx.pool);
    await rebuildReadModels({ pool: app.ctx.pool, store: app.ctx.store });
    expect(await readModels(app.ctx.pool)).toEqual(live);
  });

  it('gives the address back: a new account may have it', async () => {
    const email = `${LOCAL_PART}@${app.ctx.config.orgEmailDomain}`;
    const rehired = await createUserAndLogin(app, { firstName: FIRST, lastName: LAST, email, managerId: manager.user.id });
    expect(rehired.user).toMatchObject({ email, firstName: FIRST });
  });
});
