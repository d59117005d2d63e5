import { mkdtemp, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ADMIN_MESSAGES, ENTRY_EXPORT_COLUMNS, importReportSchema, type ImportReport } from '@tht/contracts';
import ExcelJS from 'exceljs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createUserAndLogin, TEST_PASSWORD, type SignedInTestUser } from '../testing/accounts';
import { importUploadsFolder } from './import-routes';
import { finished, upload } from '../testing/import-uploads';
import { request } from '../testing/request';
import { startTestApp, type TestApp } from '../testing/test-app';

let app: TestApp;
/** The largest spreadsheet this file's app takes (the product's, IMPORT_MAX_MEGABYTES, is too large to send in a test). */
const SMALL_IMPORT_MEGABYTES = 5;
let admin: SignedInTestUser;
let ada: SignedInTestUser;

beforeAll(async () => {
  app = await startTestApp({
    config: { dataDir: await mkdtemp(path.join(tmpdir(), 'tht-import-test-')) },
    importMaxMegabytes: SMALL_IMPORT_MEGABYTES,
  });
  admin = await createUserAndLogin(app, { role: 'admin' });
  ada = await createUserAndLogin(app, { firstName: 'Ada', lastName: 'Adams', managerId: admin.user.id });
});

afterAll(() => app?.close());

// Every upload is kept on disk only while its import needs it: checked, refused, dry run or written.
afterEach(async () => {
  for (let wait = 0; wait < 50 && (await readdir(importUploadsFolder(app.ctx))).length > 0; wait += 1)
    await new Promise((resolve) => setTimeout(resolve, 20));
  expect(await readdir(importUploadsFolder(app.ctx))).toEqual([]);
});

const eventCount = () => app.ctx.store.countAll!();
const entriesOf = async (user: SignedInTestUser) =>
  (await request(app, 'GET', `/api/entries?userId=${user.user.id}`, { token: admin.token })).body as Record<string, unknown>[];

const csv = (rows: readonly (readonly unknown[])[]) => rows.map((row) => row.map((cell) => String(cell)).join(',')).join('\r\n');
const exportHeader = [...ENTRY_EXPORT_COLUMNS];
const exportRow = (values: Partial<Record<(typeof ENTRY_EXPORT_COLUMNS)[number], unknown>>) =>
  exportHeader.map((column) => values[column] ?? '');

describe('POST /api/import with the export CSV', () => {
  it('checks every row in a dry run (errors by row number, duplicates), writes nothing, then imports the valid rows with progress', async () => {
    await request(app, 'POST', '/api/entries', {
      token: ada.token,
      body: { firstName: 'Ada', lastName: 'Adams', trainingName: 'Stored Course', date: '2025-05-01', hours: 1 },
    });
    const file = csv([
      exportHeader,
      exportRow({
        employeeEmail: ada.user.email,
        trainingName: 'Leadership 101',
        date: '2025-02-03',
        hours: 2.5,
        trainingType: 'external',
        rating: 4,
        beInnovative: 'true',
      }),
      exportRow({ employeeEmail: ada.user.email, trainingName: 'Broken hours', date: '2025-02-04', hours: 'lots' }),
      exportRow({ employeeEmail: 'nobody@example.com', trainingName: 'Ghost', date: '2025-02-05', hours: 1 }),
      exportRow({ employeeEmail: ada.user.email, trainingName: ' stored course ', date: '2025-05-01', hours: 3 }),
      exportRow({ employeeEmail: ada.user.email.toUpperCase(), trainingName: 'LEADERSHIP 101', date: '2/3/2025', hours: 1 }),
      exportRow({ employeeEmail: ada.user.email, trainingName: "'=cmd()", date: '2025-02-06', hours: 1, trainingType: 'workshop' }),
    ]);
    const before = await eventCount();
    const dryRun = await upload(app, admin.token, { name: 'entries.csv', content: file }, '?dryRun=true');
    expect(dryRun.status).toBe(200);
    const report: ImportReport = importReportSchema.parse(dryRun.body);
    expect(report).toMatchObject({
      format: 'export-csv',
      fileName: 'entries.csv',
      rows: 6,
      failed: 2,
      duplicates: 2,
      needsTargetUser: false,
    });
    expect(report.toCreate.entries).toBe(2);
    expect(report.errors).toEqual([
      { sheet: 'CSV', row: 3, message: 'Hours must be a number' },
      { sheet: 'CSV', row: 4, message: 'No user has the e-mail nobody@example.com, and the file does not add one' },
    ]);
    expect(await eventCount()).toBe(before);

    const job = await finished(app, admin.token, await upload(app, admin.token, { name: 'entries.csv', content: file }));
    expect(job).toMatchObject({ status: 'completed', total: 2, processed: 2, created: { entries: 2 }, error: null });
    expect(job.report.failed).toBe(2);
    const names = (await entriesOf(ada)).map((entry) => entry.trainingName).sort();
    expect(names).toEqual(['=cmd()', 'Leadership 101', 'Stored Course']);
    expect((await entriesOf(ada)).find((entry) => entry.trainingName === '=cmd()')).toMatchObject({ trainingType: 'workshop' });

    // Importing the same file again finds everything there already.
    const again = importReportSchema.parse(
      (await upload(app, admin.token, { name: 'entries.csv', content: file }, '?dryRun=true')).body,
    );
    expect(again).toMatchObject({ duplicates: 4, toCreate: { entries: 0 } });
  });
});

describe('POST /api/import with Valid until', () => {
  it('reads the optional column (in any date form), refuses one on or before the date, and takes files without it', async () => {
    const withColumn = csv([
      exportHeader,
      exportRow({
        employeeEmail: ada.user.email,
        trainingName: 'First Aid',
        date: '2025-04-01',
        hours: 6,
        validUntil: '3/31/2028',
      }),
      exportRow({
        employeeEmail: ada.user.email,
        trainingName: 'Fire Safety',
        date: '2025-04-02',
        hours: 1,
        validUntil: '2025-04-02',
      }),
    ]);
    const report = importReportSchema.parse(
      (await upload(app, admin.token, { name: 'v.csv', content: withColumn }, '?dryRun=true')).body,
    );
    expect(report).toMatchObject({ rows: 2, failed: 1, toCreate: { entries: 1 } });
    expect(report.errors).toEqual([{ sheet: 'CSV', row: 3, message: 'Valid until must be after the training date' }]);
    const job = await finished(app, admin.token, await upload(app, admin.token, { name: 'v.csv', content: withColumn }));
    expect(job).toMatchObject({ status: 'completed', created: { entries: 1 } });
    expect((await entriesOf(ada)).find((entry) => entry.trainingName === 'First Aid')).toMatchObject({ validUntil: '2028-03-31' });

    const oldHeader = exportHeader.filter((column) => column !== 'validUntil');
    const old = csv([
      oldHeader,
      exportRow({ employeeEmail: ada.user.email, trainingName: 'Manual Handling', date: '2025-04-03', hours: 2 }).filter(
        (_, index) => exportHeader[index] !== 'validUntil',
      ),
    ]);
    expect(old).not.toContain('validUntil');
    const oldJob = await finished(app, admin.token, await upload(app, admin.token, { name: 'old.csv', content: old }));
    expect(oldJob).toMatchObject({ status: 'completed', created: { entries: 1 } });
    expect((await entriesOf(ada)).find((entry) => entry.trainingName === 'Manual Handling')).toMatchObject({ validUntil: null });
  });
});

describe('POST /api/import with a CSV in the bulk grid order', () => {
  const grid = (header: boolean) =>
    csv([
      ...(header
        ? [
            [
              'Training Name',
              'Date',
              'Hours',
              'Manager',
              'Department',
              'Training Type',
              'Course Given By',
              'Rating',
              'Be Innovative',
              'Notes',
            ],
          ]
        : []),
      ['Webinar on risk', '3/15/2025', '1.5', '', '', 'webinar', 'Acme', '5', '1', 'good'],
      ['Bad date', '13/45/2025', '1', '', '', '', '', '', '', ''],
      ['Bad rating', '2025-03-16', '1', '', '', '', '', '9', '', ''],
    ]);

  it("checks rows by the admin grid's rules and needs the employee before it writes", async () => {
    const unpicked = importReportSchema.parse(
      (await upload(app, admin.token, { name: 'grid.csv', content: grid(true) }, '?dryRun=true')).body,
    );
    expect(unpicked).toMatchObject({ format: 'grid-csv', rows: 3, failed: 2, needsTargetUser: true });
    expect(unpicked.errors.map((error) => error.row)).toEqual([3, 4]);
    expect(unpicked.errors[0]!.message).toBe('Missing or invalid date format');
    expect(await upload(app, admin.token, { name: 'grid.csv', content: grid(true) })).toEqual({
      status: 400,
      body: { error: 'This file has no person column: pick the employee whose entries these are' },
    });
    expect(
      (await upload(app, admin.token, { name: 'grid.csv', content: grid(false) }, `?targetUserId=${admin.user.id}`)).body,
    ).toEqual({
      error: 'Entries cannot be imported for an admin user; pick an employee',
    });

    const job = await finished(
      app,
      admin.token,
      await upload(app, admin.token, { name: 'grid.csv', content: grid(false) }, `?targetUserId=${ada.user.id}`),
    );
    expect(job).toMatchObject({ status: 'completed', created: { entries: 1 }, report: { rows: 3, failed: 2 } });
    expect((await entriesOf(ada)).find((entry) => entry.trainingName === 'Webinar on risk')).toMatchObject({
      date: '2025-03-15',
      trainingType: 'webinar',
      rating: 5,
      beInnovative: true,
      firstName: 'Ada',
      courseGivenBy: 'Acme',
    });
  });
});

describe('POST /api/import refuses what it cannot read, and writes nothing', () => {
  const refused = async (
    file: { name: string; content: string | Uint8Array<ArrayBuffer>; field?: string },
    status: number,
    error: string | RegExp,
  ) => {
    const before = await eventCount();
    const response = await upload(app, admin.token, file);
    expect(response.status, JSON.stringify(response.body)).toBe(status);
    if (typeof error === 'string') expect(response.body.error).toBe(error);
    else expect(response.body.error).toMatch(error);
    expect(await eventCount()).toBe(before);
  };

  it('a wrong type, a broken workbook, a CSV that is not text, unknown columns, an empty file, no file', async () => {
    await refused({ name: 'notes.txt', content: 'hello' }, 415, ADMIN_MESSAGES.importUnsupportedType);
    await refused({ name: 'broken.xlsx', content: 'PK\u0003\u0004 this is no zip' }, 400, /^The file could not be read as XLSX: /);
    await refused(
      { name: 'renamed.xlsx', content: 'trainingName,date\nx,y' },
      400,
      'The file could not be read as XLSX: it is not an Excel workbook',
    );
    await refused(
      { name: 'binary.csv', content: new Uint8Array([0xff, 0xfe, 0x00, 0x41]) },
      400,
      /^The file could not be read as CSV: /,
    );
    await refused(
      { name: 'quotes.csv', content: 'employeeEmail,trainingName,date,hours\n"a@example.com,x,2025-01-01,1' },
      400,
      /^The file could not be read as CSV: /,
    );
    await refused(
      { name: 'other.csv', content: 'Name,When,Length\nx,y,z' },
      400,
      /^The CSV's columns are neither those of Export All Data/,
    );
    await refused(
      { name: 'missing.csv', content: 'employeeEmail,date\na@example.com,2025-01-01' },
      400,
      'Sheet CSV lacks the columns trainingName, hours',
    );
    await refused({ name: 'empty.csv', content: '\r\n\r\n' }, 400, 'The file has no rows to import');
    await refused({ name: 'x.csv', content: 'a', field: 'other' }, 400, 'Choose a CSV or XLSX file to import (form field "file")');
    const noFile = await request(app, 'POST', '/api/import', { token: admin.token, body: { file: 'x' } });
    expect(noFile).toMatchObject({ status: 415, body: { error: 'Send the file as multipart/form-data' } });
  });

  it('a file over the size limit gets 413', async () => {
    const big = new Uint8Array(SMALL_IMPORT_MEGABYTES * 1024 * 1024 + 10).fill(0x41);
    await refused({ name: 'big.csv', content: big }, 413, 'The file is larger than 5 MB; split it into smaller files');
  });

  it('a workbook without any sheet of the export', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Something').addRow(['a', 'b']);
    const bytes = new Uint8Array(await workbook.xlsx.writeBuffer());
    await refused({ name: 'other.xlsx', content: bytes }, 400, /^The workbook has none of the sheets of Export All Data/);
  });
});

describe('GET /api/import/{id}', () => {
  it('answers 404 for an unknown import and 400 for a malformed id', async () => {
    expect((await request(app, 'GET', `/api/import/${crypto.randomUUID()}`, { token: admin.token })).status).toBe(404);
    expect((await request(app, 'GET', '/api/import/42', { token: admin.token })).status).toBe(400);
  });

  it('lets an imported user in only after a password is set for them', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Users').addRows([
      ['id', 'email', 'firstName', 'lastName', 'role', 'department', 'managerId', 'managerName', 'createdAt'],
      [7, `newcomer@${app.ctx.config.orgEmailDomain}`, 'New', 'Comer', 'employee', 'Imported Dept', '', '', ''],
    ]);
    const bytes = new Uint8Array(await workbook.xlsx.writeBuffer());
    const job = await finished(app, admin.token, await upload(app, admin.token, { name: 'users.xlsx', content: bytes }));
    expect(job.created).toMatchObject({ users: 1, departments: 1 });
    const login = (password: string) =>
      request(app, 'POST', '/api/login', { body: { username: `newcomer@${app.ctx.config.orgEmailDomain}`, password } });
    expect((await login(TEST_PASSWORD)).status).toBe(401);
    const user = (await request(app, 'GET', '/api/admin/users?search=newcomer', { token: admin.token })).body.users[0];
    expect(user).toMatchObject({ department: 'Imported Dept', firstLoginRequired: true, role: 'employee' });
    expect(
      (
        await request(app, 'POST', '/api/admin/set-temp-password', {
          token: admin.token,
          body: { userId: user.id, tempPassword: 'temp-pass' },
        })
      ).status,
    ).toBe(200);
    expect((await login('temp-pass')).body).toMatchObject({ requiresPasswordChange: true });
  });
});
