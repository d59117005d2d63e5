import { AS_OF_MESSAGES, EXPORT_SHEETS, type EntryView } from '@tht/contracts';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserAndLogin, type SignedInTestUser } from '../testing/accounts';
import { logEntryAs, type TestEntry } from '../testing/entries';
import { request } from '../testing/request';
import { startTestApp, type TestApp } from '../testing/test-app';

let app: TestApp;
let admin: SignedInTestUser;
let hr: SignedInTestUser;
let smt: SignedInTestUser;
let ada: SignedInTestUser;
let bob: SignedInTestUser;
const entries: Record<string, EntryView> = {};

/** The documented CSV header (docs/decisions/025-export-format.md): a change here is a change of the format. */
const HEADER = [
  'id',
  'userId',
  'employeeEmail',
  'firstName',
  'lastName',
  'trainingName',
  'date',
  'hours',
  'trainingType',
  'courseGivenBy',
  'rating',
  'beInnovative',
  'managerName',
  'department',
  'notes',
  'validUntil',
  'createdAt',
  'updatedAt',
  'custom:costCentre',
  'custom:budget',
];

const today = () => {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
};

async function log(name: string, user: SignedInTestUser, entry: TestEntry) {
  entries[name] = await logEntryAs(app, user, entry);
}

interface Download {
  status: number;
  type: string | null;
  disposition: string | null;
  bytes: Buffer;
}

async function download(query = '', headers: Record<string, string> = { authorization: `Bearer ${hr.token}` }): Promise<Download> {
  const response = await fetch(`${app.baseUrl}/api/export${query}`, { headers });
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    disposition: response.headers.get('content-disposition'),
    bytes: Buffer.from(await response.arrayBuffer()),
  };
}

/** The CSV as records by header; the file starts with a UTF-8 byte-order mark. */
function parseCsv(bytes: Buffer): { header: string[]; rows: Record<string, string>[] } {
  const text = bytes.toString('utf8');
  expect(text.startsWith('\uFEFF')).toBe(true);
  const parsed = Papa.parse<Record<string, string>>(text.slice(1), { header: true, skipEmptyLines: true });
  expect(parsed.errors).toEqual([]);
  return { header: parsed.meta.fields ?? [], rows: parsed.data };
}

async function parseWorkbook(bytes: Buffer): Promise<Map<string, unknown[][]>> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheets = new Map<string, unknown[][]>();
  workbook.eachSheet((sheet) => {
    const rows: unknown[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    sheets.set(sheet.name, rows);
  });
  return sheets;
}

beforeAll(async () => {
  app = await startTestApp();
  admin = await createUserAndLogin(app, { role: 'admin' });
  [hr, smt, ada, bob] = await Promise.all([
    createUserAndLogin(app, { role: 'hr' }),
    createUserAndLogin(app, { role: 'smt' }),
    createUserAndLogin(app, { firstName: 'Ada', lastName: 'Adams' }),
    createUserAndLogin(app, { role: 'manager', firstName: 'Bob', lastName: 'Brown' }),
  ]);
  for (const [order, field] of [
    [1, { name: 'costCentre', label: 'Cost centre', type: 'text' }],
    [2, { name: 'budget', label: 'Budget', type: 'number' }],
  ] as const) {
    const response = await request(app, 'POST', '/api/form-fields', {
      token: admin.token,
      body: { ...field, required: false, order },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
  }
  await log('formula', ada, {
    date: '2025-03-10',
    hours: 2.5,
    rating: 4,
    trainingName: '=SUM(A1:A2)',
    notes: 'Line one\nLine "two", with a comma',
    customFields: { costCentre: '+44 123', budget: 12 },
    validUntil: '2027-03-09',
  });
  await log('innovative', ada, {
    date: '2024-05-05',
    hours: 1.25,
    rating: 5,
    beInnovative: true,
    trainingName: 'Excel Basics',
    notes: '@mention',
  });
  await log('minus', bob, {
    date: '2025-01-01',
    hours: 2,
    trainingType: 'external',
    trainingName: '-Intro to risk',
    courseGivenBy: 'Acme',
  });
  await request(app, 'POST', '/api/yearly-targets', {
    token: hr.token,
    body: { year: 2025, targetHours: 900, description: '@all staff' },
  });
  await request(app, 'POST', '/api/user-targets', {
    token: hr.token,
    body: { userId: ada.user.id, year: 2025, targetHours: 40, reason: 'HR adjustment' },
  });
});

afterAll(() => app?.close());

describe('GET /api/export as CSV (the default)', () => {
  it('downloads one row per entry with every field, the custom fields and the e-mail, named after the domain and date', async () => {
    const file = await download();
    expect(file.status).toBe(200);
    expect(file.type).toBe('text/csv; charset=utf-8');
    expect(file.disposition).toBe(`attachment; filename=training-hours-example.com-${today()}.csv`);
    const { header, rows } = parseCsv(file.bytes);
    expect(header).toEqual(HEADER);
    // Oldest date first.
    expect(rows.map((row) => row.id)).toEqual([entries.innovative!.id, entries.minus!.id, entries.formula!.id].map(String));
    expect(rows[2]).toEqual({
      id: String(entries.formula!.id),
      userId: String(ada.user.id),
      employeeEmail: ada.user.email,
      firstName: 'Ada',
      lastName: 'Adams',
      trainingName: "'=SUM(A1:A2)",
      date: '2025-03-10',
      hours: '2.5',
      trainingType: 'internal',
      courseGivenBy: '',
      rating: '4',
      beInnovative: 'false',
      managerName: 'Grace Hopper',
      department: 'Engineering',
      notes: 'Line one\nLine "two", with a comma',
      validUntil: '2027-03-09',
      createdAt: entries.formula!.createdAt,
      updatedAt: entries.formula!.updatedAt,
      'custom:costCentre': "'+44 123",
      'custom:budget': '12',
    });
    expect(rows[0]).toMatchObject({
      beInnovative: 'true',
      notes: "'@mention",
      hours: '1.25',
      'custom:costCentre': '',
      'custom:budget': '',
      validUntil: '',
    });
    expect(rows[1]).toMatchObject({ trainingName: "'-Intro to risk", employeeEmail: bob.user.email, trainingType: 'external' });
  });

  it('limits to a year, and to innovative entries, in the file name too', async () => {
    const year = await download('?year=2025');
    expect(year.disposition).toBe(`attachment; filename=training-hours-example.com-${today()}-2025.csv`);
    expect(parseCsv(year.bytes).rows.map((row) => row.date)).toEqual(['2025-01-01', '2025-03-10']);
    const innovative = await download('?innovative=true');
    expect(innovative.disposition).toMatch(/-innovative\.csv$/);
    expect(parseCsv(innovative.bytes).rows.map((row) => row.trainingName)).toEqual(['Excel Basics']);
    expect(parseCsv((await download('?year=2023')).bytes)).toEqual({ header: HEADER, rows: [] });
  });
});

describe('GET /api/export?format=xlsx', () => {
  it('downloads a workbook with the sheets Entries, Users, Targets, Fiscal years, Departments and Form fields, typed cells and neutralised formulas', async () => {
    const file = await download('?format=xlsx', { authorization: `Bearer ${admin.token}` });
    expect(file.status).toBe(200);
    expect(file.type).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(file.disposition).toBe(`attachment; filename=training-hours-example.com-${today()}.xlsx`);
    const sheets = await parseWorkbook(file.bytes);
    expect([...sheets.keys()]).toEqual(Object.values(EXPORT_SHEETS));

    const [header, ...rows] = sheets.get('Entries')!;
    expect(header).toEqual(HEADER);
    const formula = rows.find((row) => row[0] === entries.formula!.id)!;
    expect(formula.slice(0, 12)).toEqual([
      entries.formula!.id,
      ada.user.id,
      ada.user.email,
      'Ada',
      'Adams',
      "'=SUM(A1:A2)",
      '2025-03-10',
      2.5,
      'internal',
      undefined,
      4,
      false,
    ]);
    expect(formula[15]).toBe('2027-03-09');
    expect(formula.slice(18)).toEqual(["'+44 123", 12]);

    const users = sheets.get('Users')!;
    expect(users[0]).toEqual([
      'id',
      'email',
      'firstName',
      'lastName',
      'role',
      'department',
      'managerId',
      'managerName',
      'createdAt',
    ]);
    const byId = [admin, hr, smt, ada, bob].sort((a, b) => a.user.id - b.user.id);
    expect(users.slice(1).map((row) => row[1])).toEqual(byId.map((user) => user.user.email));
    expect(sheets.get('Targets')!.slice(1)).toEqual([
      [ada.user.id, ada.user.email, 2025, 40, 'HR adjustment', hr.user.id, expect.any(String), expect.any(String)],
    ]);
    expect(sheets.get('Fiscal years')!.slice(1)).toEqual([[2025, 900, "'@all staff", expect.any(String), expect.any(String)]]);
    expect(sheets.get('Departments')![0]).toEqual(['id', 'name', 'createdAt']);
    expect(
      sheets
        .get('Departments')!
        .slice(1)
        .map((row) => row[1]),
    ).toContain('Engineering');
    expect(
      sheets
        .get('Form fields')!
        .slice(1)
        .map((row) => row.slice(1)),
    ).toEqual([
      ['costCentre', 'Cost centre', 'text', false, 1, '[]'],
      ['budget', 'Budget', 'number', false, 2, '[]'],
    ]);
  });

  it('limits entries, targets and fiscal years to the year asked for', async () => {
    const sheets = await parseWorkbook((await download('?format=xlsx&year=2024')).bytes);
    expect(
      sheets
        .get('Entries')!
        .slice(1)
        .map((row) => row[0]),
    ).toEqual([entries.innovative!.id]);
    expect(sheets.get('Targets')!.slice(1)).toEqual([]);
    expect(sheets.get('Fiscal years')!.slice(1)).toEqual([]);
    expect(sheets.get('Users')!.length).toBe(6);
  });
});

describe('who may export', () => {
  it('works with the sign-in cookie alone, as when the browser opens the address in a new window', async () => {
    const file = await download('', { cookie: `authToken=${smt.token}` });
    expect(file.status).toBe(200);
    expect(parseCsv(file.bytes).rows).toHaveLength(3);
  });

  it('refuses employees and managers (403) and the signed-out (401), and a bad format (400)', async () => {
    for (const user of [ada, bob]) {
      const refused = await request(app, 'GET', '/api/export', { token: user.token });
      expect(refused).toMatchObject({ status: 403, body: { error: 'HR, SMT or admin access required' } });
      expect((await download('', { cookie: `authToken=${user.token}` })).status).toBe(403);
    }
    expect((await download('', {})).status).toBe(401);
    expect(await request(app, 'GET', '/api/export?format=pdf', { token: hr.token })).toMatchObject({
      status: 400,
      body: { error: "Format must be 'csv' or 'xlsx'" },
    });
  });
});

describe('GET /api/export?asOf=', () => {
  it('exports the data as recorded at the moment, from its replay: 202 with the progress until it is there, the moment in the file name', async () => {
    const recorded = new Date();
    while (Date.now() <= recorded.getTime()) await new Promise((resolve) => setTimeout(resolve, 1));
    await log('later', bob, { date: '2025-02-02', hours: 3, trainingName: 'Logged after the moment' });
    const query = `?year=2025&asOf=${recorded.toISOString()}`;

    let file = await download(query);
    expect(file.status).toBe(202);
    expect(JSON.parse(file.bytes.toString())).toMatchObject({ status: 'building', progress: expect.any(Number) });
    const deadline = Date.now() + 60_000;
    while (file.status === 202 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      file = await download(query);
    }
    expect(file.status).toBe(200);
    expect(file.disposition).toBe(
      `attachment; filename=training-hours-example.com-${today()}-2025-as-of-${recorded.toISOString().slice(0, 10)}.csv`,
    );
    expect(parseCsv(file.bytes).rows.map((row) => row.trainingName)).toEqual(
      ['-Intro to risk', '=SUM(A1:A2)'].map((name) => `'${name}`),
    );
    expect(parseCsv((await download('?year=2025')).bytes).rows).toHaveLength(3);
  });

  it('refuses a moment in the future with 400', async () => {
    expect(await request(app, 'GET', '/api/export?asOf=2999-01-01', { token: hr.token })).toMatchObject({
      status: 400,
      body: { error: AS_OF_MESSAGES.inTheFuture },
    });
  });
});
