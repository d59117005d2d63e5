import {
  ACCOUNT_MESSAGES,
  RECOVERY_CODE_COUNT,
  REDACTED_CREDENTIAL,
  SECOND_FACTOR_MESSAGES as M,
  SIGN_IN_FAILURES,
  secondFactorEnrolmentSchema,
  secondFactorStream,
  type AuditLogPage,
} from '@tht/contracts';
import { sealChain } from '@tht/eventstore';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OperatorRefusal } from '../platform/command-line';
import { createUserAndLogin, type SignedInTestUser } from '../testing/accounts';
import { request } from '../testing/request';
import { startTestApp, type TestApp } from '../testing/test-app';
import { resetSecondFactor } from './second-factor-reset';

let app: TestApp;
let required: TestApp;

beforeAll(async () => {
  [app, required] = await Promise.all([startTestApp(), startTestApp({ config: { adminMfa: 'required' } })]);
});
afterAll(async () => {
  await Promise.all([app?.close(), required?.close()]);
});

/** The code of the 30-second step `steps` away from now (the server accepts one step either side). */
const codeAt = (secret: string, steps: number) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

/** A 6-digit code the server refuses now: none of the steps it accepts. */
async function wrongCodeFor(secret: string): Promise<string> {
  const accepted = await Promise.all([-1, 0, 1].map((steps) => codeAt(secret, steps)));
  const code = [...Array(4).keys()].map((n) => String(n).repeat(6)).find((candidate) => !accepted.includes(candidate));
  return code!;
}

const login = (on: TestApp, user: SignedInTestUser, code?: string) =>
  request(on, 'POST', '/api/login', { body: { username: user.user.email, password: user.password, ...(code ? { code } : {}) } });

/** Sets up two-step sign-in for `user` as the account menu does: the QR code, then the first code. */
async function enrol(on: TestApp, user: SignedInTestUser): Promise<{ secret: string; recoveryCodes: string[] }> {
  const started = await request(on, 'POST', '/api/account/second-factor/enrolment', { token: user.token });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  const { secret, enrolment } = secondFactorEnrolmentSchema.parse(started.body);
  const confirmed = await request(on, 'POST', '/api/account/second-factor', {
    token: user.token,
    body: { enrolment, code: await codeAt(secret, 0) },
  });
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(201);
  return { secret, recoveryCodes: (confirmed.body as { recoveryCodes: string[] }).recoveryCodes };
}

const auditLog = async (on: TestApp, viewer: SignedInTestUser, query: string) =>
  (await request<AuditLogPage>(on, 'GET', `/api/audit/log?${query}`, { token: viewer.token })).body.items;

describe('setting up two-step sign-in', () => {
  it('shows a QR code of an otpauth URI, and turns on only with a right first code', async () => {
    const admin = await createUserAndLogin(app, { role: 'admin' });
    expect((await request(app, 'GET', '/api/account/second-factor', { token: admin.token })).body).toEqual({
      enabled: false,
      required: false,
      recoveryCodesLeft: 0,
    });
    const started = await request(app, 'POST', '/api/account/second-factor/enrolment', { token: admin.token });
    const { secret, otpauthUri, qrCode, enrolment } = secondFactorEnrolmentSchema.parse(started.body);
    expect(otpauthUri).toBe(
      `otpauth://totp/Training%20Hours%20Tracker:${encodeURIComponent(admin.user.email)}?secret=${secret}&issuer=Training%20Hours%20Tracker`,
    );
    expect(Buffer.from(qrCode.replace(/^data:image\/svg\+xml;base64,/, ''), 'base64').toString()).toMatch(/^<svg /);

    const confirm = (body: Record<string, string>) =>
      request(app, 'POST', '/api/account/second-factor', { token: admin.token, body });
    expect(await confirm({ enrolment, code: await wrongCodeFor(secret) })).toMatchObject({
      status: 400,
      body: { error: M.wrongCode },
    });
    expect(await confirm({ enrolment: `${enrolment}x`, code: await codeAt(secret, 0) })).toMatchObject({
      status: 400,
      body: { error: M.enrolmentExpired },
    });
    // A set-up sealed for another account does not open for this one.
    const other = await createUserAndLogin(app, { role: 'admin' });
    expect(
      await request(app, 'POST', '/api/account/second-factor', {
        token: other.token,
        body: { enrolment, code: await codeAt(secret, 0) },
      }),
    ).toMatchObject({ status: 400, body: { error: M.enrolmentExpired } });
    expect((await request(app, 'GET', '/api/account/second-factor', { token: admin.token })).body.enabled).toBe(false);
    expect((await login(app, admin)).status).toBe(200);

    const on = await confirm({ enrolment, code: await codeAt(secret, 0) });
    expect(on.status).toBe(201);
    expect(on.body.recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(on.body.recoveryCodes).size).toBe(RECOVERY_CODE_COUNT);
    expect((await request(app, 'GET', '/api/account/second-factor', { token: admin.token })).body).toEqual({
      enabled: true,
      required: false,
      recoveryCodesLeft: RECOVERY_CODE_COUNT,
    });
    expect(await confirm({ enrolment, code: await codeAt(secret, 1) })).toMatchObject({
      status: 409,
      body: { error: M.alreadyOn },
    });
  });

  it('is offered to administrators only', async () => {
    const employee = await createUserAndLogin(app);
    expect(await request(app, 'POST', '/api/account/second-factor/enrolment', { token: employee.token })).toMatchObject({
      status: 403,
      body: { error: M.adminsOnly },
    });
  });
});

describe('signing in with two-step sign-in on', () => {
  it('asks for a code after the right password, accepts each code once, and counts wrong codes as failed attempts', async () => {
    const admin = await createUserAndLogin(app, { role: 'admin' });
    const { secret } = await enrol(app, admin);

    expect(await login(app, admin)).toMatchObject({ status: 401, body: { error: M.codeRequired, mfaRequired: true } });
    const wrongPassword = await request(app, 'POST', '/api/login', {
      body: { username: admin.user.email, password: 'not-it-at-all' },
    });
    expect(wrongPassword).toMatchObject({ status: 401, body: { error: ACCOUNT_MESSAGES.wrongPassword } });
    expect(wrongPassword.body).not.toHaveProperty('mfaRequired');

    // The code that turned it on was used; the next one signs in, once.
    expect(await login(app, admin, await codeAt(secret, 0))).toMatchObject({
      status: 401,
      body: { error: M.codeAlreadyUsed, mfaRequired: true },
    });
    const next = await codeAt(secret, 1);
    const signedIn = await login(app, admin, next);
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
    expect((await request(app, 'GET', '/api/user', { token: signedIn.body.authToken })).status).toBe(200);
    expect(await login(app, admin, next)).toMatchObject({ status: 401, body: { error: M.codeAlreadyUsed, mfaRequired: true } });

    const wrong = await wrongCodeFor(secret);
    const answers = [];
    for (let attempt = 0; attempt < 10; attempt += 1) answers.push((await login(app, admin, wrong)).status);
    // 2 refused replays + 10 wrong codes: the per-account-and-address limit (10 in 15 minutes) refuses the rest.
    expect(answers.filter((status) => status === 401).length).toBeLessThan(10);
    expect(answers.at(-1)).toBe(429);
    const reasons = (await auditLog(app, admin, 'kind=security&pageSize=200'))
      .filter((item) => item.event === 'SignInFailed' && item.recordName.startsWith('Test'))
      .map((item) => item.summary);
    expect(reasons.some((summary) => summary.includes(SIGN_IN_FAILURES.wrongSecondFactor))).toBe(true);
  });

  it('never gives a counted attempt back for the password alone, so asking again cannot wipe the count of wrong codes', async () => {
    const admin = await createUserAndLogin(app, { role: 'admin' });
    const { secret } = await enrol(app, admin);
    const wrong = await wrongCodeFor(secret);
    const statuses = [];
    for (let round = 0; round < 6; round += 1)
      statuses.push((await login(app, admin)).status, (await login(app, admin, wrong)).status);
    // The per-account-and-address limit (10 in 15 minutes) counts both kinds of try: the eleventh is refused.
    expect(statuses).toEqual([...Array<number>(10).fill(401), 429, 429]);
  });

  it('takes each recovery code once', async () => {
    const admin = await createUserAndLogin(app, { role: 'admin' });
    const { recoveryCodes } = await enrol(app, admin);
    const [first, second] = recoveryCodes;
    expect((await login(app, admin, first!.toLowerCase())).status).toBe(200);
    expect(await login(app, admin, first)).toMatchObject({ status: 401, body: { error: M.wrongCode, mfaRequired: true } });
    expect((await login(app, admin, second!.replaceAll('-', ' '))).status).toBe(200);
    expect((await request(app, 'GET', '/api/account/second-factor', { token: admin.token })).body.recoveryCodesLeft).toBe(
      RECOVERY_CODE_COUNT - 2,
    );
  });

  it('is turned off with a current code (not a wrong one), then the password alone signs in again', async () => {
    const admin = await createUserAndLogin(app, { role: 'admin' });
    const { secret } = await enrol(app, admin);
    const disable = async (code: string) =>
      request(app, 'POST', '/api/account/second-factor/disable', { token: admin.token, body: { code } });
    expect(await disable(await wrongCodeFor(secret))).toMatchObject({ status: 400, body: { error: M.wrongCode } });
    expect(await disable(await codeAt(secret, 1))).toMatchObject({ status: 200, body: { message: M.turnedOff } });
    expect((await login(app, admin)).status).toBe(200);
  });

  it('leaves people without a second factor signing in with one call', async () => {
    const employee = await createUserAndLogin(app);
    const admin = await createUserAndLogin(app, { role: 'admin' });
    for (const user of [employee, admin]) expect((await login(app, user)).status).toBe(200);
  });
});

describe('the audit log', () => {
  it('shows set-up, recovery-code use and removal, and never the key or the codes', async () => {
    const admin = await createUserAndLogin(app, { role: 'admin', firstName: 'Mfa', lastName: 'Audited' });
    const { secret, recoveryCodes } = await enrol(app, admin);
    expect((await login(app, admin, recoveryCodes[0])).status).toBe(200);
    const off = await request(app, 'POST', '/api/account/second-factor/disable', {
      token: admin.token,
      body: { code: await codeAt(secret, 1) },
    });
    expect(off.status).toBe(200);

    const rows = (await auditLog(app, admin, `kind=security&actorId=${admin.user.id}&pageSize=200`))
      .filter((item) => item.recordName === 'Mfa Audited')
      .map((item) => [item.event, item.summary]);
    expect(rows).toEqual(
      expect.arrayContaining([
        ['SecondFactorEnabled', 'second factor enabled'],
        ['RecoveryCodeUsed', `recovery code used: recovery codes left ${RECOVERY_CODE_COUNT - 1}`],
        ['SecondFactorDisabled', 'second factor disabled'],
      ]),
    );

    const stored = await app.ctx.store.readStream(secondFactorStream(admin.user.id));
    const enabled = stored.find((event) => event.type === 'SecondFactorEnabled')!.data as {
      encryptedSecret: string;
      recoveryCodeHashes: string[];
    };
    expect(JSON.stringify(stored)).not.toContain(secret);
    await sealChain(app.ctx.pool);
    const exported = await (
      await fetch(`${app.baseUrl}/api/audit/events`, { headers: { authorization: `Bearer ${admin.token}` } })
    ).text();
    expect(exported).toContain('SecondFactorEnabled');
    expect(exported).toContain(REDACTED_CREDENTIAL);
    for (const secretText of [secret, enabled.encryptedSecret, ...enabled.recoveryCodeHashes, ...recoveryCodes]) {
      expect(exported).not.toContain(secretText);
    }
  });
});

describe('ADMIN_MFA=required', () => {
  it('holds an administrator signed in with a password until two-step sign-in is set up', async () => {
    const admin = await createUserAndLogin(required, { role: 'admin' });
    const current = await request(required, 'GET', '/api/user', { token: admin.token });
    expect(current).toMatchObject({ status: 200, body: { secondFactorSetupRequired: true } });
    expect(await request(required, 'GET', '/api/users', { token: admin.token })).toMatchObject({
      status: 403,
      body: { error: M.setupRequired },
    });
    expect(await request(required, 'GET', '/api/entries', { token: admin.token })).toMatchObject({ status: 403 });

    const { secret } = await enrol(required, admin);
    expect((await request(required, 'GET', '/api/users', { token: admin.token })).status).toBe(200);
    expect((await request(required, 'GET', '/api/user', { token: admin.token })).body).not.toHaveProperty(
      'secondFactorSetupRequired',
    );
    expect(
      await request(required, 'POST', '/api/account/second-factor/disable', {
        token: admin.token,
        body: { code: await codeAt(secret, 1) },
      }),
    ).toMatchObject({ status: 403, body: { error: M.requiredCannotTurnOff } });
    expect((await login(required, admin)).body).toMatchObject({ mfaRequired: true });
  });

  it("is turned off by the operator's reset on the server, and then set up again", async () => {
    const admin = await createUserAndLogin(required, { role: 'admin' });
    await enrol(required, admin);
    await expect(resetSecondFactor(required.ctx, 'nobody@example.com')).rejects.toThrow(OperatorRefusal);
    await resetSecondFactor(required.ctx, admin.user.email.toUpperCase());
    const signedIn = await login(required, admin);
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
    expect(signedIn.body).toMatchObject({ secondFactorSetupRequired: true });
    const last = (await required.ctx.store.readStream(secondFactorStream(admin.user.id))).at(-1)!;
    expect({ type: last.type, actor: last.metadata.actorId }).toEqual({ type: 'SecondFactorDisabled', actor: null });
  });

  it('does not hold anyone else', async () => {
    const employee = await createUserAndLogin(required);
    const current = await request(required, 'GET', '/api/user', { token: employee.token });
    expect(current.status).toBe(200);
    expect(current.body).not.toHaveProperty('secondFactorSetupRequired');
    const entries = await request(required, 'GET', '/api/stats', { token: employee.token });
    expect(entries.status, JSON.stringify(entries.body)).toBe(200);
  });
});
