import { ENTRY_EXPORT_COLUMNS } from '@tht/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserAndLogin, ensureDepartment, type SignedInTestUser } from '../testing/accounts';
import { request } from '../testing/request';
import { startTestApp, type TestApp } from '../testing/test-app';
import { finished, upload } from '../testing/import-uploads';

/**
 * An XLSX export of one instance imported into a fresh one recreates its departments, users
 * (without passwords), manager links, targets, fiscal years, form fields and entries, and the
 * HR and SMT figures of both instances are then equal. The source writes worksheets of
 * XLSX_ROWS_PER_SHEET_IN_TEST rows, so its 9 entries (two of one person, training and day) and 7 users go on in continuation sheets, as more than
 * Excel's rows would.
 */

let source: TestApp;
let fresh: TestApp;
let sourceAdmin: SignedInTestUser;
let freshAdmin: SignedInTestUser;
const YEARS = [2025, 2026];
/** The header and 3 entries a worksheet. */
const XLSX_ROWS_PER_SHEET_IN_TEST = 4;

async function ok(app: TestApp, token: string, method: string, path: string, body?: unknown): Promise<any> {
  const response = await request(app, method, path, { token, body });
  expect(response.status, `${method} ${path}: ${JSON.stringify(response.body)}`).toBeLessThan(300);
  return response.body;
}

async function buildSource(): Promise<void> {
  const as = (user: SignedInTestUser) => (method: string, path: string, body?: unknown) =>
    ok(source, user.token, method, path, body);
  const admin = as(sourceAdmin);
  await ensureDepartment(source.ctx, 'Sales');
  await admin('POST', '/api/departments', { name: 'Empty Dept' });
  await admin('POST', '/api/form-fields', { name: 'costCentre', label: 'Cost centre', type: 'text', required: false });
  const level = await admin('POST', '/api/form-fields', { name: 'level', label: 'Level', type: 'select', required: false });
  for (const label of ['Beginner', 'Advanced']) await admin('POST', `/api/form-fields/${level.id}/options`, { label });
  await admin('POST', '/api/form-fields', { name: 'certified', label: 'Certified', type: 'checkbox', required: false });

  const hr = await createUserAndLogin(source, { role: 'hr', firstName: 'Hanna', lastName: 'Hr', managerId: sourceAdmin.user.id });
  const smt = await createUserAndLogin(source, { role: 'smt', firstName: 'Sam', lastName: 'Smt', managerId: sourceAdmin.user.id });
  const boss = await createUserAndLogin(source, {
    role: 'manager',
    firstName: 'Bea',
    lastName: 'Boss',
    department: 'Sales',
    managerId: smt.user.id,
  });
  const lead = await createUserAndLogin(source, {
    firstName: 'Lee',
    lastName: 'Lead',
    department: 'Sales',
    managerId: boss.user.id,
  });
  const dev = await createUserAndLogin(source, { firstName: 'Dev', lastName: 'Eloper', managerId: lead.user.id });
  await createUserAndLogin(source, { firstName: 'Idle', lastName: 'Person', managerId: boss.user.id });

  await as(hr)('POST', '/api/yearly-targets', { year: 2025, targetHours: 900, description: 'Nine hundred' });
  await as(hr)('POST', '/api/yearly-targets', { year: 2026, targetHours: 1200 });
  await as(hr)('POST', '/api/user-targets', { userId: dev.user.id, year: 2025, targetHours: 40, reason: 'Onboarding' });
  await as(hr)('POST', '/api/user-targets', { userId: lead.user.id, year: 2026, targetHours: 60 });

  const log = (user: SignedInTestUser, entry: Record<string, unknown>) =>
    as(user)('POST', '/api/entries', {
      firstName: user.user.firstName,
      lastName: user.user.lastName,
      managerName: 'Someone',
      department: user.user.department,
      ...entry,
    });
  await log(dev, {
    trainingName: 'Risk Management',
    date: '2025-01-10',
    hours: 3,
    rating: 5,
    beInnovative: true,
    notes: 'Leadership and risk',
    validUntil: '2027-01-09',
    customFields: { costCentre: '=C1', level: 'advanced', certified: true },
  });
  await log(dev, {
    trainingName: 'Excel Basics',
    date: '2025-02-11',
    hours: 1.25,
    rating: 4,
    trainingType: 'external',
    courseGivenBy: 'Acme;=HYPERLINK("http://x")',
  });
  await log(lead, { trainingName: 'excel basics', date: '2025-03-12', hours: 2, rating: 5, customFields: { level: 'beginner' } });
  // A second session of the same training on the same day: another entry, not a duplicate of the first.
  await log(lead, { trainingName: 'excel basics', date: '2025-03-12', hours: 1, rating: 4 });
  await log(lead, {
    trainingName: 'Communication',
    date: '2026-01-05',
    hours: 4,
    beInnovative: true,
    notes: "Technology talk,-1;+2\t@3 '=kept",
  });
  await log(boss, { trainingName: 'x;=1+2', date: '2026-02-20', hours: 8, rating: 3 });
  await log(sourceAdmin, { trainingName: 'Admin Course', date: '2025-06-01', hours: 2 });
  await log(hr, { trainingName: 'HR Law', date: '2025-07-01', hours: 1.5, rating: 4 });
  await ok(source, sourceAdmin.token, 'POST', '/api/admin/entries/bulk', {
    targetUserId: dev.user.id,
    entries: [
      {
        trainingName: 'Cloud Conference',
        date: '2026-03-03',
        hours: 6,
        trainingType: 'conference',
        beInnovative: '1',
        rating: '4',
      },
    ],
  });
}

/** Each worksheet's name and rows (the first cell of each, and the whole header), in tab order. */
async function worksheets(bytes: Uint8Array<ArrayBuffer>): Promise<{ name: string; header: unknown[]; rows: number }[]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes.buffer);
  return workbook.worksheets.map((sheet) => ({
    name: sheet.name,
    header: (sheet.getRow(1).values as unknown[]).slice(1),
    rows: sheet.actualRowCount,
  }));
}

async function exportFile(app: TestApp, token: string, format: 'xlsx' | 'csv'): Promise<Uint8Array<ArrayBuffer>> {
  const response = await fetch(`${app.baseUrl}/api/export?format=${format}`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status).toBe(200);
  return new Uint8Array(await response.arrayBuffer());
}

const exportWorkbook = (app: TestApp, token: string) => exportFile(app, token, 'xlsx');

const IDS = new Set(['id', 'userId', 'entryId', 'managerId', 'setBy', 'fieldId']);
/** Left out too: no password travels, so every imported account must set one (`firstLoginRequired`). */
const TIMES = new Set(['createdAt', 'updatedAt', 'lastLogin', 'firstLoginRequired']);

/** A read with the instance's own ids and times left out, so two instances compare. */
function comparable(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(comparable);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !TIMES.has(key))
      .map(([key, inner]) => [key, IDS.has(key) ? typeof inner : comparable(inner)]),
  );
}

async function figures(app: TestApp, token: string): Promise<Record<string, unknown>> {
  const read = async (path: string) => comparable(await ok(app, token, 'GET', path));
  const result: Record<string, unknown> = { adminStats: await read('/api/admin-stats') };
  for (const year of YEARS) {
    for (const path of [
      '/api/hr/stats',
      '/api/hr/users',
      '/api/hr/top-courses',
      '/api/hr/topics',
      '/api/hr/trends',
      '/api/smt/overview',
    ]) {
      result[`${path}?year=${year}`] = await read(`${path}?year=${year}`);
    }
  }
  return result;
}

/** The instance's organisation, people by e-mail (ids differ between instances). */
async function organisation(app: TestApp, token: string): Promise<Record<string, unknown>> {
  const users = (await ok(app, token, 'GET', '/api/users')) as { id: number; email: string; managerId: number | null }[];
  const emailOf = new Map(users.map((user) => [user.id, user.email]));
  const fields = (await ok(app, token, 'GET', '/api/form-fields')) as { id: number; options?: unknown }[];
  const entries = (await ok(app, token, 'GET', '/api/entries')) as { userId: number; trainingName: string; date: string }[];
  const targets = (await ok(app, token, 'GET', '/api/user-targets')) as { userId: number; year: number }[];
  const byKey = <T>(rows: T[], key: (row: T) => string) => [...rows].sort((a, b) => key(a).localeCompare(key(b)));
  return {
    departments: ((await ok(app, token, 'GET', '/api/departments')) as { name: string }[]).map((department) => department.name),
    users: comparable(users.map((user) => ({ ...user, manager: user.managerId === null ? null : emailOf.get(user.managerId) }))),
    formFields: comparable(fields),
    options: comparable(await Promise.all(fields.map((field) => ok(app, token, 'GET', `/api/form-fields/${field.id}/options`)))),
    fiscalYears: comparable(await ok(app, token, 'GET', '/api/fiscal-years')),
    targets: comparable(
      byKey(targets, (target) => `${emailOf.get(target.userId)} ${target.year}`).map((target) => ({
        ...target,
        email: emailOf.get(target.userId),
      })),
    ),
    entries: comparable(
      byKey(entries, (entry) => `${emailOf.get(entry.userId)} ${entry.date} ${entry.trainingName}`).map((entry) => ({
        ...entry,
        email: emailOf.get(entry.userId),
      })),
    ),
  };
}

beforeAll(async () => {
  source = await startTestApp({ xlsxRowsPerSheet: XLSX_ROWS_PER_SHEET_IN_TEST });
  fresh = await startTestApp();
  sourceAdmin = await createUserAndLogin(source, { role: 'admin', firstName: 'Ada', lastName: 'Admin' });
  freshAdmin = await createUserAndLogin(fresh, {
    role: 'admin',
    firstName: 'Ada',
    lastName: 'Admin',
    email: sourceAdmin.user.email,
  });
  await buildSource();
}, 120_000);

afterAll(async () => {
  await source?.close();
  await fresh?.close();
});

describe('an XLSX export imported into a fresh instance', () => {
  it('recreates the organisation, every entry read from every continuation sheet, and the HR and SMT figures of both instances are equal', async () => {
    const workbook = await exportWorkbook(source, sourceAdmin.token);
    const entrySheets = (await worksheets(workbook)).filter((sheet) => sheet.name.startsWith('Entries'));
    expect(entrySheets.map(({ name, rows }) => ({ name, rows }))).toEqual([
      { name: 'Entries', rows: 4 },
      { name: 'Entries (2)', rows: 4 },
      { name: 'Entries (3)', rows: 4 },
    ]);
    for (const sheet of entrySheets) expect(sheet.header.slice(0, ENTRY_EXPORT_COLUMNS.length)).toEqual([...ENTRY_EXPORT_COLUMNS]);
    const dryRun = await upload(fresh, freshAdmin.token, { name: 'export.xlsx', content: workbook }, '?dryRun=true');
    expect(dryRun.status, JSON.stringify(dryRun.body)).toBe(200);
    expect(dryRun.body).toMatchObject({
      format: 'export-xlsx',
      failed: 0,
      duplicates: 0,
      toCreate: { departments: 2, users: 6, formFields: 3, fiscalYears: 2, targets: 2, entries: 9 },
      unchanged: { users: 1, departments: 1 },
    });

    const job = await finished(
      fresh,
      freshAdmin.token,
      await upload(
        fresh,
        freshAdmin.token,
        { name: 'export.xlsx', content: workbook },
        `?confirmRoles=${dryRun.body.rolesConfirmation}`,
      ),
    );
    expect(job.report.errors).toEqual([]);
    expect(job).toMatchObject({ status: 'completed', processed: job.total, created: dryRun.body.toCreate });

    expect(await organisation(fresh, freshAdmin.token)).toEqual(await organisation(source, sourceAdmin.token));
    const imported = (
      (await ok(fresh, freshAdmin.token, 'GET', '/api/users')) as { id: number; firstLoginRequired: boolean }[]
    ).filter((user) => user.id !== freshAdmin.user.id);
    expect(imported.map((user) => user.firstLoginRequired)).toEqual(imported.map(() => true));
    expect(await figures(fresh, freshAdmin.token)).toEqual(await figures(source, sourceAdmin.token));

    // A second import of the same export changes nothing.
    const again = await upload(fresh, freshAdmin.token, { name: 'export.xlsx', content: workbook }, '?dryRun=true');
    expect(again.body).toMatchObject({
      duplicates: 9,
      toCreate: { departments: 0, users: 0, formFields: 0, fiscalYears: 0, targets: 0, entries: 0 },
    });
  });
});

describe('a CSV export imported back', () => {
  it('quotes and neutralises texts holding separators and formulas, and brings them back exactly', async () => {
    const file = await exportFile(source, sourceAdmin.token, 'csv');
    const text = new TextDecoder().decode(file);
    expect(text).toContain(`"x;'=1+2"`);
    expect(text).toContain(`"Acme;'=HYPERLINK(""http://x"")"`);
    expect(text).toContain(`"Technology talk,'-1;'+2\t'@3 '=kept"`);

    const before = await organisation(source, sourceAdmin.token);
    const entries = (await ok(source, sourceAdmin.token, 'GET', '/api/entries')) as Record<string, unknown>[];
    const tricky = entries.filter((entry) =>
      [entry.trainingName, entry.notes, entry.courseGivenBy].some((value) => typeof value === 'string' && /[,;\t=@+-]/.test(value)),
    );
    expect(tricky).toHaveLength(3);
    for (const entry of tricky) await ok(source, sourceAdmin.token, 'DELETE', `/api/entries/${String(entry.id)}`);

    const dryRun = await upload(source, sourceAdmin.token, { name: 'export.csv', content: file }, '?dryRun=true');
    expect(dryRun.body).toMatchObject({
      format: 'export-csv',
      failed: 0,
      duplicates: entries.length - 3,
      toCreate: { entries: 3 },
    });
    const job = await finished(
      source,
      sourceAdmin.token,
      await upload(source, sourceAdmin.token, { name: 'export.csv', content: file }),
    );
    expect(job.report.errors).toEqual([]);
    expect(await organisation(source, sourceAdmin.token)).toEqual(before);
  });
});
