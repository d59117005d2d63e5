import { auditLogPageSchema, CREDENTIAL_FIELDS, PERSONAL_DATA_MESSAGES as PD, type PersonalDataDocument } from '@tht/contracts';
import { setTimeout as sleep } from 'node:timers/promises';
import Papa from 'papaparse';
import { READ_MODEL_SCHEMA } from 'projections';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserAndLogin, type SignedInTestUser } from '../testing/accounts';
import { logEntryAs } from '../testing/entries';
import { request } from '../testing/request';
import { startTestApp, type TestApp } from '../testing/test-app';

let app: TestApp;
let admin: SignedInTestUser;
let hr: SignedInTestUser;
let manager: SignedInTestUser;
let ada: SignedInTestUser;
let colleague: SignedInTestUser;
let entryId: number;

const download = (personId: number, viewer?: SignedInTestUser, format?: string) =>
  request(app, 'GET', `/api/users/${personId}/personal-data${format === undefined ? '' : `?format=${format}`}`, {
    token: viewer?.token,
  });

beforeAll(async () => {
  app = await startTestApp();
  admin = await createUserAndLogin(app, { role: 'admin', firstName: 'Alan', lastName: 'Admin' });
  hr = await createUserAndLogin(app, { role: 'hr', firstName: 'Harriet', lastName: 'Hr' });
  manager = await createUserAndLogin(app, { role: 'manager', firstName: 'Grace', lastName: 'Hopper' });
  ada = await createUserAndLogin(app, { firstName: 'Ada', lastName: 'Lovelace', managerId: manager.user.id });
  colleague = await createUserAndLogin(app, { managerId: manager.user.id });

  const venue = await request(app, 'POST', '/api/form-fields', {
    token: admin.token,
    body: { name: 'venue', label: 'Venue', type: 'text' },
  });
  expect(venue.status).toBe(201);
  const entry = await logEntryAs(app, ada, {
    trainingName: 'First aid',
    date: '2026-01-04',
    hours: 2,
    notes: '=1+2',
    customFields: { venue: 'Town hall' },
  });
  entryId = entry.id;
  const edited = await request(app, 'PUT', `/api/entries/${entryId}`, {
    token: ada.token,
    body: { ...entry, hours: 3, customFields: { venue: 'Online' } },
  });
  expect(edited.status).toBe(200);
  const target = await request(app, 'POST', '/api/user-targets', {
    token: hr.token,
    body: { userId: ada.user.id, year: 2026, targetHours: 20, reason: 'Part time' },
  });
  expect(target.status).toBe(201);
  expect(
    (await request(app, 'POST', '/api/login', { body: { username: ada.user.email, password: 'not-her-password' } })).status,
  ).toBe(401);
  expect((await request(app, 'POST', '/api/reset-password', { body: { username: ada.user.email } })).status).toBe(200);
  await resetLinkIssued(ada.user.id);
});

/** The reset link is issued after the answer: waits until the read models hold it. */
async function resetLinkIssued(userId: number): Promise<void> {
  const readModels = app.ctx.db.withSchema(READ_MODEL_SCHEMA);
  for (let tries = 0; tries < 250; tries += 1) {
    if (await readModels.selectFrom('password_resets').select('user_id').where('user_id', '=', userId).executeTakeFirst()) return;
    await sleep(20);
  }
  throw new Error('No reset link was issued');
}

afterAll(() => app?.close());

describe('GET /api/users/{id}/personal-data', () => {
  it('gives the person everything held about them as one JSON document, as an attachment', async () => {
    const response = await download(ada.user.id, ada);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(
      new RegExp(`^attachment; filename="?personal-data-user-${ada.user.id}-\\d{4}-\\d{2}-\\d{2}\\.json"?$`),
    );
    const document = response.body as PersonalDataDocument;
    expect(document.profile).toMatchObject({
      id: ada.user.id,
      name: 'Ada Lovelace',
      email: ada.user.email,
      role: 'employee',
      managerId: manager.user.id,
      managerName: 'Grace Hopper',
      status: 'active',
    });
    expect(document.profile.lastSignIn).not.toBeNull();
    const [entry] = document.entries;
    expect(entry).toMatchObject({
      id: entryId,
      current: { trainingName: 'First aid', hours: '3', customFields: { venue: 'Online' } },
    });
    expect(entry!.versions.map(({ event, fields }) => [event, (fields.customFields as { venue: string }).venue])).toEqual([
      ['EntryLogged', 'Town hall'],
      ['EntryEdited', 'Online'],
    ]);
    expect(document.targets).toMatchObject([
      { year: 2026, current: { targetHours: 20, reason: 'Part time' }, versions: [{ by: { id: hr.user.id, name: 'Harriet Hr' } }] },
    ]);
    expect(document.signIns).toEqual([{ at: document.profile.lastSignIn, method: 'password' }]);
    expect(document.sessions).toMatchObject([{ method: 'password', endedAt: null }]);
    expect(document.failedSignIns).toMatchObject([{ reason: 'wrong password' }]);
    expect(document.passwordResets).toMatchObject([{ requestedBy: { id: null, name: 'Someone signed out' } }]);
    expect(document.dataDownloads.at(-1)).toMatchObject({ format: 'json', by: { id: ada.user.id, name: 'Ada Lovelace' } });
  });

  it('gives an admin the same for anyone, naming the admin as the one who took it', async () => {
    const response = await download(ada.user.id, admin, 'json');
    expect(response.status).toBe(200);
    const document = response.body as PersonalDataDocument;
    expect(document.about).toMatchObject({ personId: ada.user.id, exportedBy: { id: admin.user.id, name: 'Alan Admin' } });
    expect(document.profile.email).toBe(ada.user.email);
    expect(document.entries.map(({ id }) => id)).toEqual([entryId]);
  });

  it("refuses anyone else's data to an employee, a manager (even the person's) and HR", async () => {
    for (const viewer of [colleague, manager, hr]) {
      expect(await download(ada.user.id, viewer)).toMatchObject({ status: 403, body: { error: PD.ownDataOnly } });
    }
    expect(await download(999_999, colleague)).toMatchObject({ status: 403, body: { error: PD.ownDataOnly } });
    expect((await download(ada.user.id)).status).toBe(401);
  });

  it('answers 404 for an unknown person and 400 for a format it does not make', async () => {
    expect(await download(999_999, admin)).toMatchObject({ status: 404, body: { error: 'User not found' } });
    expect(await download(ada.user.id, ada, 'xml')).toMatchObject({ status: 400, body: { error: PD.badFormat } });
  });

  it('holds no credential, in JSON or CSV: no password, reset-token or confirmation hash', async () => {
    const readModels = app.ctx.db.withSchema(READ_MODEL_SCHEMA);
    const { password_hash } = await readModels
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', ada.user.id)
      .executeTakeFirstOrThrow();
    const resets = await readModels.selectFrom('password_resets').select('token_hash').where('user_id', '=', ada.user.id).execute();
    expect(resets).toHaveLength(1);
    for (const format of ['json', 'csv']) {
      const response = await download(ada.user.id, admin, format);
      const body = typeof response.body === 'string' ? response.body : JSON.stringify(response.body);
      expect(body).not.toContain(password_hash!);
      expect(body).not.toContain(resets[0]!.token_hash);
      for (const field of CREDENTIAL_FIELDS) expect(body).not.toContain(field);
    }
  });

  it('writes the CSV as a line per value, with every section, formulas neutralised', async () => {
    const response = await download(ada.user.id, ada, 'csv');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="?personal-data-user-\d+-[\d-]+\.csv"?$/);
    const csv = response.body as string;
    const [header, ...lines] = Papa.parse<string[]>(csv.replace(/^\uFEFF/, '').trimEnd(), { newline: '\r\n' }).data;
    expect(header).toEqual(['section', 'record', 'field', 'value']);
    expect([...new Set(lines.map(([section]) => section))]).toEqual([
      'about',
      'profile',
      'accountHistory',
      'entries',
      'targets',
      'signIns',
      'sessions',
      'failedSignIns',
      'passwordResets',
      'emailConfirmations',
      'dataDownloads',
    ]);
    expect(lines).toContainEqual(['profile', '', 'email', ada.user.email]);
    expect(lines).toContainEqual(['entries', String(entryId), 'current.customFields.venue', 'Online']);
    expect(lines).toContainEqual(['entries', String(entryId), 'current.notes', "'=1+2"]);
  });

  it('opens in a browser window signed in by the cookie alone', async () => {
    const response = await request(app, 'GET', `/api/users/${ada.user.id}/personal-data?format=csv`, {
      headers: { cookie: `authToken=${ada.token}` },
    });
    expect(response.status).toBe(200);
  });

  it('is audited: each download is in the audit log, under the person, with who took it', async () => {
    expect((await download(ada.user.id, admin, 'csv')).status).toBe(200);
    const log = await request(app, 'GET', `/api/audit/log?kind=users&actorId=${admin.user.id}`, { token: admin.token });
    expect(log.status).toBe(200);
    const [newest] = auditLogPageSchema.parse(log.body).items;
    expect(newest).toMatchObject({
      actor: { id: admin.user.id, name: 'Alan Admin' },
      kind: 'users',
      recordId: String(ada.user.id),
      recordName: 'Ada Lovelace',
      event: 'PersonalDataExported',
      summary: 'personal data exported: format csv',
    });
  });

  it("shows an erased person's copy as the erasure left it: no name, e-mail or free text of theirs", async () => {
    const bea = await createUserAndLogin(app, { firstName: 'Beatrix', lastName: 'Quillfeather', managerId: manager.user.id });
    await logEntryAs(app, bea, {
      trainingName: 'Fire safety',
      date: '2026-01-06',
      hours: 1,
      notes: 'Beatrix took notes',
      customFields: { venue: 'Quillfeather house' },
    });
    const asAdmin = { token: admin.token };
    expect((await request(app, 'POST', `/api/users/${bea.user.id}/deactivate`, asAdmin)).status).toBe(204);
    const erased = await request(app, 'POST', `/api/users/${bea.user.id}/erase`, {
      ...asAdmin,
      body: { confirmName: 'Beatrix Quillfeather' },
    });
    expect(erased.status).toBe(204);

    const json = await download(bea.user.id, admin, 'json');
    expect(json.status).toBe(200);
    expect((json.body as PersonalDataDocument).profile).toMatchObject({ name: `Erased person #${bea.user.id}`, status: 'erased' });
    const csv = await download(bea.user.id, admin, 'csv');
    for (const body of [JSON.stringify(json.body), csv.body as string]) {
      for (const personal of ['Beatrix', 'Quillfeather', bea.user.email, 'took notes']) expect(body).not.toContain(personal);
    }
  });
});
