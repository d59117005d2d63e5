import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ADMIN_MESSAGES as M, importReportSchema } from '@tht/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserAndLogin, type SignedInTestUser } from '../testing/accounts';
import { request } from '../testing/request';
import { startTestApp, type TestApp } from '../testing/test-app';
import { finished, upload } from '../testing/import-uploads';

let app: TestApp;
let admin: SignedInTestUser;

beforeAll(async () => {
  app = await startTestApp({ config: { dataDir: await mkdtemp(path.join(tmpdir(), 'tht-import-roles-test-')) } });
  admin = await createUserAndLogin(app, { role: 'admin' });
});

afterAll(() => app?.close());

const USERS_HEADER = ['id', 'email', 'firstName', 'lastName', 'role', 'department', 'managerId', 'managerName', 'createdAt'];

/** An export workbook with only a Users sheet of these rows (id, e-mail's local part, first and last name, role). */
async function usersWorkbook(rows: [number, string, string, string, string][]): Promise<Uint8Array<ArrayBuffer>> {
  const domain = app.ctx.config.orgEmailDomain;
  const workbook = new ExcelJS.Workbook();
  workbook
    .addWorksheet('Users')
    .addRows([
      USERS_HEADER,
      ...rows.map(([id, local, first, last, role]) => [id, `${local}@${domain}`, first, last, role, 'Imported', '', '', '']),
    ]);
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

const roleOf = async (local: string) =>
  (await request(app, 'GET', `/api/admin/users?search=${local}`, { token: admin.token })).body.users[0]?.role as string | undefined;

describe('an import that creates accounts above employee', () => {
  it('names them in the dry run with their roles, refuses the import without their confirmation and makes them with it', async () => {
    const file = {
      name: 'users.xlsx',
      content: await usersWorkbook([
        [1, 'quiet.admin', 'Quiet', 'Admin', 'admin'],
        [2, 'plain.worker', 'Plain', 'Worker', 'employee'],
        [3, 'new.lead', 'New', 'Lead', 'Manager'],
      ]),
    };
    const domain = app.ctx.config.orgEmailDomain;
    const dryRun = await upload(app, admin.token, file, '?dryRun=true');
    expect(dryRun.status, JSON.stringify(dryRun.body)).toBe(200);
    const report = importReportSchema.parse(dryRun.body);
    expect(report.privilegedAccounts).toEqual([
      { sheet: 'Users', row: 2, email: `quiet.admin@${domain}`, firstName: 'Quiet', lastName: 'Admin', role: 'admin' },
      { sheet: 'Users', row: 4, email: `new.lead@${domain}`, firstName: 'New', lastName: 'Lead', role: 'manager' },
    ]);
    expect(report.rolesConfirmation).toEqual(expect.any(String));

    const unconfirmed = await upload(app, admin.token, file);
    expect(unconfirmed).toEqual({ status: 400, body: { error: M.importRolesNotConfirmed } });
    const otherList = await upload(app, admin.token, file, '?confirmRoles=some-other-list');
    expect(otherList).toEqual({ status: 400, body: { error: M.importRolesChanged } });
    expect(await roleOf('quiet.admin')).toBeUndefined();

    const confirmed = await upload(app, admin.token, file, `?confirmRoles=${encodeURIComponent(report.rolesConfirmation!)}`);
    const job = await finished(app, admin.token, confirmed);
    expect(job).toMatchObject({ status: 'completed', created: { users: 3 } });
    expect(await roleOf('quiet.admin')).toBe('admin');
    expect(await roleOf('new.lead')).toBe('manager');
  });

  it('keeps the call of a file that raises no one as it was: no confirmation needed', async () => {
    const file = { name: 'staff.xlsx', content: await usersWorkbook([[1, 'only.staff', 'Only', 'Staff', 'employee']]) };
    const dryRun = importReportSchema.parse((await upload(app, admin.token, file, '?dryRun=true')).body);
    expect(dryRun).toMatchObject({ privilegedAccounts: [], rolesConfirmation: null });
    const job = await finished(app, admin.token, await upload(app, admin.token, file));
    expect(job).toMatchObject({ status: 'completed', created: { users: 1 } });
  });
});
