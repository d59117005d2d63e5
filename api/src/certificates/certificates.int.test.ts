import {
  CERTIFICATE_MESSAGES as M,
  ENTRY_MESSAGES,
  expiringCertificatesSchema,
  HR_MESSAGES,
  managerStatsSchema,
  type EntryView,
  type ExpiringCertificate,
} from '@tht/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverDay } from '../platform/read-responses';
import { createUserAndLogin, ensureDepartment, type SignedInTestUser } from '../testing/accounts';
import { request } from '../testing/request';
import { startTestApp, type TestApp } from '../testing/test-app';
import { shiftIsoDate } from './certificates-queries';

let app: TestApp;
let manager: SignedInTestUser;
let ann: SignedInTestUser;
let ben: SignedInTestUser;
let cat: SignedInTestUser;
let hr: SignedInTestUser;
let admin: SignedInTestUser;
let nursingId: number;

const today = serverDay(new Date());
const day = (offset: number) => shiftIsoDate(today, offset);

let annFirstAid: EntryView;
let annManualHandling: EntryView;
let benSafeguarding: EntryView;

async function log(user: SignedInTestUser, trainingName: string, date: string, validUntil?: string): Promise<EntryView> {
  const body = { firstName: user.user.firstName, lastName: user.user.lastName, trainingName, date, hours: 2, validUntil };
  const response = await request<EntryView>(app, 'POST', '/api/entries', { token: user.token, body });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

async function listed(viewer: SignedInTestUser, path: string): Promise<ExpiringCertificate[]> {
  const response = await request(app, 'GET', path, { token: viewer.token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return expiringCertificatesSchema.parse(response.body);
}

const what = (certificates: ExpiringCertificate[]) =>
  certificates.map(({ name, trainingName, daysLeft }) => [name, trainingName, daysLeft]);

beforeAll(async () => {
  app = await startTestApp();
  nursingId = (await ensureDepartment(app.ctx, 'Nursing')).id;
  manager = await createUserAndLogin(app, { role: 'manager', firstName: 'Mia', lastName: 'Manager', department: 'Nursing' });
  const team = { managerId: manager.user.id };
  ann = await createUserAndLogin(app, { ...team, firstName: 'Ann', lastName: 'Archer', department: 'Nursing' });
  ben = await createUserAndLogin(app, { ...team, firstName: 'Ben', lastName: 'Baker', department: 'Estates' });
  cat = await createUserAndLogin(app, { ...team, firstName: 'Cat', lastName: 'Cole', department: 'Nursing' });
  hr = await createUserAndLogin(app, { role: 'hr' });
  admin = await createUserAndLogin(app, { role: 'admin' });

  annFirstAid = await log(ann, 'First Aid', day(-700), day(10));
  await log(ann, 'Fire Safety', day(-400), day(30));
  annManualHandling = await log(ann, 'Manual Handling', day(-300), day(61));
  benSafeguarding = await log(ben, 'Safeguarding', day(-1000), day(-20));
  await log(ben, 'Asbestos Awareness', day(-900), day(-366));
  await log(ben, 'Leadership', day(-10));
  await log(cat, 'First Aid', day(-100), day(5));
  const leaver = await request(app, 'POST', `/api/users/${cat.user.id}/deactivate`, { token: admin.token });
  expect(leaver.status, JSON.stringify(leaver.body)).toBe(204);
});

afterAll(() => app?.close());

describe('GET /api/hr/certificates-expiring', () => {
  it('lists who, what and when within 60 days by default, lapsed ones too, soonest first; leavers left out', async () => {
    const certificates = await listed(hr, '/api/hr/certificates-expiring');
    expect(certificates).toEqual([
      {
        userId: ben.user.id,
        name: 'Ben Baker',
        department: 'Estates',
        entryId: benSafeguarding.id,
        trainingName: 'Safeguarding',
        validUntil: day(-20),
        daysLeft: -20,
      },
      {
        userId: ann.user.id,
        name: 'Ann Archer',
        department: 'Nursing',
        entryId: annFirstAid.id,
        trainingName: 'First Aid',
        validUntil: day(10),
        daysLeft: 10,
      },
      expect.objectContaining({ name: 'Ann Archer', trainingName: 'Fire Safety', validUntil: day(30), daysLeft: 30 }),
    ]);
  });

  it('takes a certificate off when a renewal of the same name (ignoring case and spaces) is logged', async () => {
    await log(ann, '  FIRE safety ', day(-3), day(362));
    expect(what(await listed(hr, '/api/hr/certificates-expiring?days=60'))).toEqual([
      ['Ben Baker', 'Safeguarding', -20],
      ['Ann Archer', 'First Aid', 10],
    ]);
    // A renewal is the later date: an older entry of the same name logged afterwards changes nothing.
    await log(ann, 'First aid', day(-800), day(5));
    expect(what(await listed(hr, '/api/hr/certificates-expiring?days=60'))).toEqual([
      ['Ben Baker', 'Safeguarding', -20],
      ['Ann Archer', 'First Aid', 10],
    ]);
  });

  it('widens and narrows the window with days', async () => {
    expect(what(await listed(hr, '/api/hr/certificates-expiring?days=61'))).toEqual([
      ['Ben Baker', 'Safeguarding', -20],
      ['Ann Archer', 'First Aid', 10],
      ['Ann Archer', 'Manual Handling', 61],
    ]);
    expect(what(await listed(admin, '/api/hr/certificates-expiring?days=9'))).toEqual([['Ben Baker', 'Safeguarding', -20]]);
  });

  it("keeps one department's people with departmentId", async () => {
    expect(what(await listed(hr, `/api/hr/certificates-expiring?days=61&departmentId=${nursingId}`))).toEqual([
      ['Ann Archer', 'First Aid', 10],
      ['Ann Archer', 'Manual Handling', 61],
    ]);
    expect(await listed(hr, '/api/hr/certificates-expiring?departmentId=999999')).toEqual([]);
  });

  it('answers the list as a CSV file with format=csv', async () => {
    const response = await request<string>(app, 'GET', '/api/hr/certificates-expiring?days=61&format=csv', { token: hr.token });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename=certificates-expiring-61-days-${today}.csv`);
    expect(response.body.split('\r\n')).toEqual([
      // (the byte-order mark before it is dropped by fetch's text())
      'User id,Employee,Department,Training,Entry id,Valid until,Days left',
      `${ben.user.id},Ben Baker,Estates,Safeguarding,${benSafeguarding.id},${day(-20)},-20`,
      `${ann.user.id},Ann Archer,Nursing,First Aid,${annFirstAid.id},${day(10)},10`,
      `${ann.user.id},Ann Archer,Nursing,Manual Handling,${annManualHandling.id},${day(61)},61`,
      '',
    ]);
  });

  it('is for HR and admins only', async () => {
    for (const viewer of [ann, manager]) {
      for (const path of ['/api/hr/certificates-expiring', '/api/hr/certificates-expiring?format=csv']) {
        const response = await request(app, 'GET', path, { token: viewer.token });
        expect(response).toMatchObject({ status: 403, body: { error: HR_MESSAGES.hrAccessRequired } });
      }
    }
    expect((await request(app, 'GET', '/api/hr/certificates-expiring')).status).toBe(401);
  });

  it('refuses a window or department that is not a whole number in range, with the message', async () => {
    for (const days of ['0', '367', '1.5', 'soon']) {
      const response = await request(app, 'GET', `/api/hr/certificates-expiring?days=${days}`, { token: hr.token });
      expect(response).toMatchObject({ status: 400, body: { error: M.invalidDays(366) } });
    }
    const department = await request(app, 'GET', '/api/hr/certificates-expiring?departmentId=x', { token: hr.token });
    expect(department).toMatchObject({ status: 400, body: { error: M.invalidDepartmentId } });
    const format = await request(app, 'GET', '/api/hr/certificates-expiring?format=pdf', { token: hr.token });
    expect(format).toMatchObject({ status: 400, body: { error: M.certificatesFormat } });
  });
});

describe('GET /api/certificates/mine', () => {
  it("lists the signed-in person's own certificates only", async () => {
    expect(what(await listed(ann, '/api/certificates/mine'))).toEqual([['Ann Archer', 'First Aid', 10]]);
    expect(what(await listed(ben, '/api/certificates/mine?days=60'))).toEqual([['Ben Baker', 'Safeguarding', -20]]);
    expect(await listed(manager, '/api/certificates/mine')).toEqual([]);
  });
});

describe("the Manager View's marks", () => {
  it("lists each report's certificates expiring within 60 days", async () => {
    const response = await request(app, 'GET', `/api/manager/${manager.user.id}/stats`, { token: manager.token });
    expect(response.status).toBe(200);
    const { employeeStats } = managerStatsSchema.parse(response.body);
    expect(employeeStats.map((report) => [report.name, report.expiringCertificates])).toEqual([
      ['Ann Archer', [{ entryId: annFirstAid.id, trainingName: 'First Aid', validUntil: day(10), daysLeft: 10 }]],
      ['Ben Baker', [{ entryId: benSafeguarding.id, trainingName: 'Safeguarding', validUntil: day(-20), daysLeft: -20 }]],
    ]);
  });
});

describe('Valid until on an entry', () => {
  it('is answered, changed and taken off by an edit', async () => {
    expect(annFirstAid.validUntil).toBe(day(10));
    const entry = await log(ben, 'Hours only', day(-2));
    expect(entry.validUntil).toBeNull();
    const body = { ...entry, validUntil: day(100) };
    const edited = await request<EntryView>(app, 'PUT', `/api/entries/${entry.id}`, { token: ben.token, body });
    expect(edited.body.validUntil).toBe(day(100));
    const cleared = await request<EntryView>(app, 'PUT', `/api/entries/${entry.id}`, {
      token: ben.token,
      body: { ...body, validUntil: '' },
    });
    expect(cleared.body.validUntil).toBeNull();
  });

  it('must be after the training date: a 400 with the message, nothing stored', async () => {
    const body = { firstName: 'Ben', lastName: 'Baker', trainingName: 'Too early', date: day(-2), hours: 1, validUntil: day(-2) };
    const refused = await request(app, 'POST', '/api/entries', { token: ben.token, body });
    expect(refused).toMatchObject({ status: 400, body: { error: ENTRY_MESSAGES.validUntilAfterDate } });
    const edit = await request(app, 'PUT', `/api/entries/${annFirstAid.id}`, {
      token: ann.token,
      body: { ...annFirstAid, validUntil: day(-701) },
    });
    expect(edit).toMatchObject({ status: 400, body: { error: ENTRY_MESSAGES.validUntilAfterDate } });
    const badDate = await request(app, 'POST', '/api/entries', { token: ben.token, body: { ...body, validUntil: '2026-02-30' } });
    expect(badDate).toMatchObject({ status: 400, body: { error: ENTRY_MESSAGES.invalidValidUntil } });
  });

  it('is refused row by row in a bulk request', async () => {
    const row = { firstName: 'Ben', lastName: 'Baker', trainingName: 'Row', date: day(-2), hours: 1 };
    const response = await request(app, 'POST', '/api/entries/bulk', {
      token: ben.token,
      body: {
        entries: [
          { ...row, validUntil: day(40) },
          { ...row, validUntil: day(-3) },
        ],
      },
    });
    expect(response.body).toMatchObject({
      created: 1,
      failed: 1,
      errors: [{ index: 1, message: ENTRY_MESSAGES.validUntilAfterDate }],
    });
  });
});
