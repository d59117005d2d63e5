import { createHash } from 'node:crypto';
import { userStream } from '@tht/contracts';
import { sealChain } from '@tht/eventstore';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserAndLogin, ensureDepartment, type SignedInTestUser } from '../testing/accounts';
import { request } from '../testing/request';
import { startTestApp, type TestApp } from '../testing/test-app';

let app: TestApp;
let admin: SignedInTestUser;
let userId: number;
/** Every password hash and reset-token hash the user's stream holds: none may leave the server. */
let secrets: string[];

async function readerOf(path: string): Promise<string> {
  const response = await fetch(`${app.baseUrl}${path}`, { headers: { authorization: `Bearer ${admin.token}` } });
  expect(response.status, path).toBe(200);
  return response.text();
}

/** Every cell of every sheet of the workbook, as text. */
async function workbookText(path: string): Promise<string> {
  const response = await fetch(`${app.baseUrl}${path}`, { headers: { authorization: `Bearer ${admin.token}` } });
  expect(response.status).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await response.arrayBuffer());
  const cells: string[] = [];
  workbook.eachSheet((sheet) => sheet.eachRow((row) => cells.push(JSON.stringify(row.values))));
  return cells.join('\n');
}

function expectNoCredential(text: string): void {
  expect(text).not.toContain('$argon2');
  for (const secret of secrets) expect(text).not.toContain(secret);
}

beforeAll(async () => {
  app = await startTestApp();
  admin = await createUserAndLogin(app, { role: 'admin' });
  await ensureDepartment(app.ctx, 'Engineering');
  const email = `registered@${app.ctx.config.orgEmailDomain}`;
  const registered = await request(app, 'POST', '/api/register', {
    body: {
      email,
      firstName: 'Reg',
      lastName: 'Istered',
      department: 'Engineering',
      password: 'secret-1',
      confirmPassword: 'secret-1',
    },
  });
  expect(registered.status, JSON.stringify(registered.body)).toBe(201);
  userId = registered.body.user.id;
  const reset = await request(app, 'POST', '/api/reset-password', { token: admin.token, body: { username: email } });
  expect(reset.status, JSON.stringify(reset.body)).toBe(200);
  const confirmed = await request(app, 'POST', '/api/reset-password-confirm', {
    body: { token: reset.body.resetToken, password: 'after-reset-1', confirmPassword: 'after-reset-1' },
  });
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);

  const stored = await app.ctx.store.readStream(userStream(userId));
  secrets = stored.flatMap(({ data }) => {
    const { passwordHash, tokenHash } = data as { passwordHash?: string; tokenHash?: string };
    return [passwordHash, tokenHash].filter((value): value is string => value !== undefined);
  });
  expect(secrets).toContain(createHash('sha256').update(reset.body.resetToken).digest('hex'));
  expect(secrets.filter((secret) => secret.startsWith('$argon2'))).toHaveLength(2);
  await sealChain(app.ctx.pool); // the audit stream holds sealed events only
});
afterAll(() => app?.close());

describe('no credential leaves the server', () => {
  it('GET /api/audit/events streams the events with their credentials redacted', async () => {
    const text = await readerOf('/api/audit/events');
    expect(text).toContain('PasswordResetCompleted');
    expectNoCredential(text);
    const events = text
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { type: string; data: Record<string, unknown> });
    expect(events.find((event) => event.type === 'PasswordResetRequested')!.data.tokenHash).toBe('[redacted]');
  });

  it('the record history, the audit log and the user APIs show none', async () => {
    expectNoCredential(await readerOf(`/api/history/users/${userId}`));
    expectNoCredential(await readerOf('/api/audit/log?kind=users'));
    expectNoCredential(await readerOf(`/api/users/${userId}`));
    expectNoCredential(await readerOf('/api/users'));
    expectNoCredential(await readerOf('/api/admin/users'));
  });

  it('GET /api/export as CSV and XLSX holds none', async () => {
    expectNoCredential(await readerOf('/api/export?format=csv'));
    expectNoCredential(await workbookText('/api/export?format=xlsx'));
  });
});
