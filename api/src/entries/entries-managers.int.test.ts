import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserAndLogin, type SignedInTestUser } from '../testing/accounts';
import { startTestApp, type TestApp } from '../testing/test-app';
import { attributeEntryManagers, entryManagerIds, managerAccounts } from './entries-managers';

/** Whose an entry's typed manager name is, read from the users read model (decision 038). */

let app: TestApp;
let nora: SignedInTestUser;
let otherNora: SignedInTestUser;
let max: SignedInTestUser;
let report: SignedInTestUser;

beforeAll(async () => {
  app = await startTestApp();
  max = await createUserAndLogin(app, { role: 'manager', firstName: 'Max', lastName: 'Mustermann' });
  nora = await createUserAndLogin(app, { role: 'manager', firstName: 'Nora', lastName: 'Namesake', managerId: max.user.id });
  otherNora = await createUserAndLogin(app, { firstName: 'Nora', lastName: 'Namesake', managerId: max.user.id });
  report = await createUserAndLogin(app, { firstName: 'Rita', lastName: 'Report', managerId: otherNora.user.id });
});

afterAll(() => app?.close());

describe('the account an entry’s manager name names', () => {
  it('is the owner’s manager among namesakes, else the one account of that name, else none', async () => {
    expect(
      await entryManagerIds(app.ctx.db, [
        { userId: report.user.id, managerName: ' nora  NAMESAKE ' },
        { userId: nora.user.id, managerName: 'Nora Namesake' },
        { userId: report.user.id, managerName: 'max mustermann' },
        { userId: report.user.id, managerName: 'Nobody Known' },
        { userId: report.user.id, managerName: '' },
      ]),
    ).toEqual([otherNora.user.id, null, max.user.id, null, null]);
  });

  it('is found from the users’ indexes, never by reading every account (it is asked at every entry logged)', async () => {
    const client = await app.ctx.pool.connect();
    try {
      await client.query('BEGIN');
      // Whatever the table's size: the plan the query gets once a sequential scan costs more than an index's.
      await client.query('SET LOCAL enable_seqscan = off');
      const lookup = managerAccounts([report.user.id], ['nora namesake']).compile(app.ctx.db);
      const { rows } = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${lookup.sql}`, [...lookup.parameters]);
      const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
      expect(plan).not.toMatch(/Seq Scan/);
      expect(plan).toMatch(/users_full_name_key_idx/);
    } finally {
      await client.query('ROLLBACK');
      client.release();
    }
  });

  it('is added, at the upgrade of a log written in clear, to the old entry events only', async () => {
    const old = { entryId: 1, userId: report.user.id, managerName: 'Nora Namesake', notes: '' };
    const events = [
      { type: 'EntryLogged', data: old },
      { type: 'EntryEdited', data: { ...old, managerName: 'Max Mustermann' } },
      { type: 'EntryEdited', data: { ...old, managerName: 'Someone Typed' } },
      { type: 'EntryEdited', data: { ...old, managerId: null } },
      { type: 'UserCreated', data: { userId: 9, managerName: 'Nora Namesake' } },
    ];
    expect(await attributeEntryManagers(app.ctx.db)(events)).toEqual([
      { ...old, managerId: otherNora.user.id },
      { ...old, managerName: 'Max Mustermann', managerId: max.user.id },
      events[2]!.data,
      events[3]!.data,
      events[4]!.data,
    ]);
  });
});
