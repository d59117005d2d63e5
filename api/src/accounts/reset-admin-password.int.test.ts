import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { RESET_TOKEN_PATTERN, SIGNED_OUT_VISITOR } from '@tht/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../config';
import { createUserAndLogin, type SignedInTestUser } from '../testing/accounts';
import { request } from '../testing/request';
import { startTestApp, type TestApp } from '../testing/test-app';

const run = promisify(execFile);
const PUBLIC_URL = 'https://training.example.org';

let app: TestApp;
let admin: SignedInTestUser;

beforeAll(async () => {
  app = await startTestApp({ config: { publicUrl: PUBLIC_URL, smtpUrl: null } });
  admin = await createUserAndLogin(app, { role: 'admin' });
});

afterAll(() => app?.close());

/** `npm run reset-admin-password -- <args>` as an operator runs it on the server, on the running app's database. */
async function resetAdminPassword(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const env = {
    ...process.env,
    DATABASE_URL: app.ctx.config.databaseUrl!,
    JWT_SECRET: 'a-reset-test-secret-that-is-long-enough',
    PUBLIC_URL,
    SMTP_URL: '',
    ADMIN_EMAIL: '',
    ADMIN_PASSWORD: '',
    LOG_LEVEL: 'warn',
  };
  try {
    const { stdout, stderr } = await run('npm', ['run', '--silent', 'reset-admin-password', '--', ...args], {
      cwd: REPO_ROOT,
      env,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe('npm run reset-admin-password', () => {
  it("prints a link to the administrator's reset, which sets a new password, and the audit log lists it as the system's", async () => {
    const { code, stdout, stderr } = await resetAdminPassword(admin.user.email.toUpperCase());
    expect(code, stderr).toBe(0);
    const link = new URL(/^https:\/\/\S+$/m.exec(stdout)![0]);
    expect(`${link.origin}${link.pathname}`).toBe(`${PUBLIC_URL}/auth`);
    const token = link.searchParams.get('token')!;
    expect(token).toMatch(RESET_TOKEN_PATTERN);
    expect(stdout).toContain(`Password reset link for ${admin.user.email}, valid for 15 minutes, works once:`);

    const confirm = await request(app, 'POST', '/api/reset-password-confirm', {
      body: { token, password: 'Operator-reset-1', confirmPassword: 'Operator-reset-1' },
    });
    expect(confirm.status).toBe(200);
    const login = await request(app, 'POST', '/api/login', { body: { username: admin.user.email, password: 'Operator-reset-1' } });
    expect(login.status).toBe(200);

    const log = await request(app, 'GET', '/api/audit/log?kind=security', { token: login.body.authToken });
    const requested = (
      log.body.items as { event: string; actor: { id: number | null; name: string | null }; summary: string }[]
    ).find((item) => item.event === 'PasswordResetRequested');
    expect(requested?.actor).toEqual({ id: null, name: null });
    expect(requested?.actor.name).not.toBe(SIGNED_OUT_VISITOR);
  });

  it('refuses an account that is no administrator, an unknown one and a missing address, with one line and exit code 1', async () => {
    const employee = await createUserAndLogin(app);
    const [notAdmin, unknown, missing] = await Promise.all([
      resetAdminPassword(employee.user.email),
      resetAdminPassword('nobody@example.com'),
      resetAdminPassword(),
    ]);
    expect(notAdmin.code).toBe(1);
    expect(notAdmin.stderr.trim()).toMatch(new RegExp(`^${employee.user.email.replace(/\./g, '\\.')} is not an administrator: `));
    expect(notAdmin.stdout).not.toMatch(/[0-9a-f]{64}/);
    expect(unknown).toMatchObject({ code: 1, stderr: 'No account has the e-mail address nobody@example.com\n' });
    expect(missing.code).toBe(1);
    expect(missing.stderr.trim()).toBe("Usage: npm run reset-admin-password -- <the administrator's e-mail address>");
  }, 90_000); // three command-line processes, each loading the API's code, on cores the other tests share
});
