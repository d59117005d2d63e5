import { mkdtemp, readFile, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { COMMON_ADMIN_PASSWORD, ConfigError, REPO_ROOT, loadConfig, parseSettings } from './config';

function configErrorOf(env: NodeJS.ProcessEnv): ConfigError {
  try {
    parseSettings(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('parseSettings', () => {
  it('applies the documented defaults to an empty environment', () => {
    const settings = parseSettings({});
    expect(settings).toMatchObject({
      port: 8080,
      databaseUrl: null,
      eventstoreUrl: null,
      dataDir: path.join(REPO_ROOT, '.data'),
      jwtSecret: null,
      orgEmailDomain: 'example.com',
      startupAdmin: null,
      logLevel: 'info',
      trustProxy: 'loopback',
      remoteUrls: {},
      publicUrl: 'http://localhost:8080',
      smtpUrl: null,
      mailFrom: 'Training Hours Tracker <no-reply@example.com>',
      mailPerMinute: 60,
      sso: null,
      passwordLogin: true,
      adminMfa: 'optional',
      sessionLifetime: { maxSeconds: 12 * 3600, idleSeconds: 60 * 60 },
      scim: null,
      eraseLeaversAfterDays: null,
      evidence: { maxFileBytes: 10 * 1024 * 1024, quotaBytes: 200 * 1024 * 1024 },
    });
  });

  it('reads every setting', () => {
    const settings = parseSettings({
      PORT: '3000',
      DATABASE_URL: 'postgres://u:p@db:5432/app',
      EVENTSTORE_URL: 'kurrentdb://kurrent:2113?tls=false',
      DATA_DIR: '/var/lib/tht',
      JWT_SECRET: 'x'.repeat(40),
      ORG_EMAIL_DOMAIN: '@Acme.Example.org',
      ADMIN_EMAIL: 'Boss@acme.example.org',
      ADMIN_PASSWORD: 'correct horse',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: 'loopback, 172.16.0.0/12',
      MF_HR_URL: 'https://hr.acme.example.org/mf-manifest.json',
      PUBLIC_URL: 'https://training.acme.example.org/',
      SMTP_URL: 'smtps://mailer:secret@smtp.acme.example.org:465',
      MAIL_FROM: 'Training <training@acme.example.org>',
      MAIL_PER_MINUTE: '120',
      METRICS_TOKEN: 'm'.repeat(32),
      OIDC_ISSUER: 'https://login.acme.example.org/realms/staff',
      OIDC_CLIENT_ID: 'training',
      OIDC_CLIENT_SECRET: 'client-secret',
      OIDC_SCOPES: 'openid email profile groups',
      OIDC_BUTTON_LABEL: 'Sign in with Acme',
      OIDC_AUTO_CREATE: 'false',
      PASSWORD_LOGIN: 'false',
      ADMIN_MFA: 'required',
      SESSION_MAX_HOURS: '8',
      SESSION_IDLE_MINUTES: '30',
      SCIM_TOKEN: 's'.repeat(32),
      SCIM_GROUP_ROLES: 'Training HR=hr, Training SMT = smt,Training Admins=admin',
      ERASE_LEAVERS_AFTER_DAYS: '30',
      EVIDENCE_MAX_MB: '25',
      EVIDENCE_QUOTA_MB: '500',
      XAPI_DEFAULT_VERSION: '2.0.0',
    });
    expect(settings).toEqual({
      port: 3000,
      databaseUrl: 'postgres://u:p@db:5432/app',
      eventstoreUrl: 'kurrentdb://kurrent:2113?tls=false',
      dataDir: '/var/lib/tht',
      jwtSecret: 'x'.repeat(40),
      orgEmailDomain: 'acme.example.org',
      startupAdmin: { email: 'boss@acme.example.org', password: 'correct horse' },
      logLevel: 'warn',
      trustProxy: 'loopback, 172.16.0.0/12',
      remoteUrls: { MF_HR_URL: 'https://hr.acme.example.org/mf-manifest.json' },
      publicUrl: 'https://training.acme.example.org',
      smtpUrl: 'smtps://mailer:secret@smtp.acme.example.org:465',
      mailFrom: 'Training <training@acme.example.org>',
      mailPerMinute: 120,
      metricsToken: 'm'.repeat(32),
      sso: {
        issuer: 'https://login.acme.example.org/realms/staff',
        clientId: 'training',
        clientSecret: 'client-secret',
        scopes: 'openid email profile groups',
        buttonLabel: 'Sign in with Acme',
        autoCreate: false,
      },
      passwordLogin: false,
      adminMfa: 'required',
      sessionLifetime: { maxSeconds: 8 * 3600, idleSeconds: 30 * 60 },
      scim: {
        token: 's'.repeat(32),
        groupRoles: new Map([
          ['training hr', 'hr'],
          ['training smt', 'smt'],
          ['training admins', 'admin'],
        ]),
      },
      eraseLeaversAfterDays: 30,
      evidence: { maxFileBytes: 25 * 1024 * 1024, quotaBytes: 500 * 1024 * 1024 },
      xapiDefaultVersion: '2.0.0',
    });
  });

  it('defaults the single sign-on scopes, label and account creation; accepts an http issuer on loopback only', () => {
    const sso = { OIDC_CLIENT_ID: 'training', OIDC_CLIENT_SECRET: 'secret' };
    expect(parseSettings({ ...sso, OIDC_ISSUER: 'http://127.0.0.1:8081' }).sso).toMatchObject({
      issuer: 'http://127.0.0.1:8081',
      scopes: 'openid email profile',
      buttonLabel: 'Sign in with your organisation account',
      autoCreate: true,
    });
    expect(parseSettings({ ...sso, OIDC_ISSUER: 'http://localhost:8081/realms/x' }).sso?.issuer).toBe(
      'http://localhost:8081/realms/x',
    );
    expect(parseSettings({ ...sso, OIDC_ISSUER: 'http://[::1]:8081' }).sso?.issuer).toBe('http://[::1]:8081');
  });

  it('defaults PUBLIC_URL to this port on localhost and MAIL_FROM to the organisation domain', () => {
    expect(parseSettings({ PORT: '3000', ORG_EMAIL_DOMAIN: 'acme.example.org' })).toMatchObject({
      publicUrl: 'http://localhost:3000',
      mailFrom: 'Training Hours Tracker <no-reply@acme.example.org>',
    });
  });

  it('resolves a relative DATA_DIR against the repository root, not the working directory', () => {
    expect(parseSettings({ DATA_DIR: 'var/data' }).dataDir).toBe(path.join(REPO_ROOT, 'var/data'));
  });

  it('reads TRUST_PROXY as Express does: booleans, hop counts, addresses', () => {
    expect(parseSettings({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(parseSettings({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(parseSettings({ TRUST_PROXY: 'uniquelocal' }).trustProxy).toBe('uniquelocal');
  });

  it('treats empty variables as unset', () => {
    expect(parseSettings({ PORT: '', DATABASE_URL: '', ADMIN_EMAIL: '', ADMIN_PASSWORD: '' })).toMatchObject({
      port: 8080,
      databaseUrl: null,
      startupAdmin: null,
    });
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT must be a whole number from 0 to 65535'],
    [{ PORT: '70000' }, 'PORT must be a whole number from 0 to 65535'],
    [{ DATABASE_URL: 'mysql://localhost/app' }, 'DATABASE_URL must be a postgres:// or postgresql:// URL'],
    [{ DATABASE_URL: 'not a url' }, 'DATABASE_URL must be a postgres:// or postgresql:// URL'],
    [{ EVENTSTORE_URL: 'http://localhost:2113' }, 'EVENTSTORE_URL must be an esdb:// or kurrentdb:// URL'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET must be at least 32 characters'],
    [{ ORG_EMAIL_DOMAIN: 'not a domain' }, 'ORG_EMAIL_DOMAIN must be a domain name such as example.com'],
    [{ ADMIN_EMAIL: 'nobody', ADMIN_PASSWORD: 'long enough' }, 'ADMIN_EMAIL must be an e-mail address'],
    [{ ADMIN_EMAIL: 'a@example.com', ADMIN_PASSWORD: 'short' }, 'ADMIN_PASSWORD must be at least 8 characters'],
    [{ ADMIN_EMAIL: 'a@example.com' }, 'ADMIN_PASSWORD must be set together with ADMIN_EMAIL'],
    [{ ADMIN_PASSWORD: 'long enough' }, 'ADMIN_EMAIL must be set together with ADMIN_PASSWORD'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL must be one of debug, info, warn, error, silent'],
    [{ ADMIN_MFA: 'yes' }, 'ADMIN_MFA must be one of optional, required'],
    [{ SESSION_MAX_HOURS: '0' }, 'SESSION_MAX_HOURS must be a whole number from 1 to 720'],
    [{ SESSION_MAX_HOURS: '12.5' }, 'SESSION_MAX_HOURS must be a whole number from 1 to 720'],
    [{ SESSION_IDLE_MINUTES: 'an hour' }, 'SESSION_IDLE_MINUTES must be a whole number from 1 to 43200'],
    [
      { SESSION_MAX_HOURS: '1', SESSION_IDLE_MINUTES: '90' },
      'SESSION_IDLE_MINUTES must be at most SESSION_MAX_HOURS (1) times 60: a session ends at its maximum anyway',
    ],
    [
      { TRUST_PROXY: 'the proxy' },
      'TRUST_PROXY must be true, false, a hop count, or addresses/subnets such as loopback, 10.0.0.0/8',
    ],
    [{ MF_ADMIN_URL: 'ftp://files/admin' }, 'MF_ADMIN_URL must be an http(s) URL or a path starting with /'],
    [{ PUBLIC_URL: 'training.example.org' }, 'PUBLIC_URL must be an http(s) URL such as https://training.example.org'],
    [{ SMTP_URL: 'http://mail.example.org' }, 'SMTP_URL must be an smtp:// or smtps:// URL'],
    [{ SCIM_TOKEN: 'short' }, 'SCIM_TOKEN must be at least 32 characters'],
    [{ ERASE_LEAVERS_AFTER_DAYS: '-1' }, 'ERASE_LEAVERS_AFTER_DAYS must be a whole number from 0 to 36500'],
    [{ ERASE_LEAVERS_AFTER_DAYS: 'a month' }, 'ERASE_LEAVERS_AFTER_DAYS must be a whole number from 0 to 36500'],
    [{ EVIDENCE_MAX_MB: '0' }, 'EVIDENCE_MAX_MB must be a whole number from 1 to 100'],
    [{ EVIDENCE_MAX_MB: '10MB' }, 'EVIDENCE_MAX_MB must be a whole number from 1 to 100'],
    [{ EVIDENCE_QUOTA_MB: 'lots' }, 'EVIDENCE_QUOTA_MB must be a whole number from 1 to 100000'],
    [{ EVIDENCE_QUOTA_MB: '5' }, 'EVIDENCE_QUOTA_MB must be at least EVIDENCE_MAX_MB (10): one file must fit'],
    [{ XAPI_DEFAULT_VERSION: '1.0' }, 'XAPI_DEFAULT_VERSION must be one of 1.0.3, 2.0.0'],
    [{ MAIL_PER_MINUTE: '0' }, 'MAIL_PER_MINUTE must be a whole number from 1 to 60000'],
    [{ MAIL_PER_MINUTE: 'fast' }, 'MAIL_PER_MINUTE must be a whole number from 1 to 60000'],
    [{ SCIM_GROUP_ROLES: 'Training HR=hr' }, 'SCIM_GROUP_ROLES is set but SCIM_TOKEN is not'],
    ...['Training HR', 'Training HR=boss', 'Training HR=hr,training hr=admin', '=hr', 'A=hr=smt'].map(
      (roles): [NodeJS.ProcessEnv, string] => [
        { SCIM_TOKEN: 's'.repeat(32), SCIM_GROUP_ROLES: roles },
        'SCIM_GROUP_ROLES must be Group name=role pairs separated by commas, each role one of hr, smt, admin, e.g. Training HR=hr,Training Admins=admin',
      ],
    ),
    [
      { OIDC_ISSUER: 'http://login.example.org', OIDC_CLIENT_ID: 'a', OIDC_CLIENT_SECRET: 'b' },
      'OIDC_ISSUER must be an https:// URL (http:// only on a loopback address such as http://127.0.0.1:8081)',
    ],
    [{ OIDC_ISSUER: 'https://login.example.org', OIDC_CLIENT_SECRET: 'b' }, 'OIDC_CLIENT_ID must be set together with OIDC_ISSUER'],
    [{ OIDC_ISSUER: 'https://login.example.org', OIDC_CLIENT_ID: 'a' }, 'OIDC_CLIENT_SECRET must be set together with OIDC_ISSUER'],
    [{ OIDC_CLIENT_ID: 'a' }, 'OIDC_CLIENT_ID is set but OIDC_ISSUER is not'],
    [
      { OIDC_ISSUER: 'https://login.example.org', OIDC_CLIENT_ID: 'a', OIDC_CLIENT_SECRET: 'b', OIDC_SCOPES: 'openid profile' },
      'OIDC_SCOPES must include openid and email (default: openid email profile)',
    ],
    [{ PASSWORD_LOGIN: 'no' }, 'PASSWORD_LOGIN must be true or false'],
    [
      { PASSWORD_LOGIN: 'false', ADMIN_EMAIL: 'a@example.com', ADMIN_PASSWORD: 'long enough' },
      'PASSWORD_LOGIN false needs single sign-on (OIDC_ISSUER): nobody but the start-up admin could sign in',
    ],
    [
      { PASSWORD_LOGIN: 'false', OIDC_ISSUER: 'https://login.example.org', OIDC_CLIENT_ID: 'a', OIDC_CLIENT_SECRET: 'b' },
      'PASSWORD_LOGIN false needs ADMIN_EMAIL and ADMIN_PASSWORD: the start-up admin keeps its password for when the provider fails',
    ],
  ])('rejects %o with one line naming the setting', (env, message) => {
    const error = configErrorOf(env);
    expect(error.message).toBe(message);
    expect(error.message).not.toContain('\n');
  });
});

describe('ConfigError', () => {
  it('keeps a multi-line cause on one line', () => {
    expect(new ConfigError('EVENTSTORE_URL', 'does not answer:\n  14 UNAVAILABLE\n  No connection').message).toBe(
      'EVENTSTORE_URL does not answer: 14 UNAVAILABLE No connection',
    );
  });
});

describe('loadConfig', () => {
  it('generates the JWT secret once, keeps it in DATA_DIR readable only by the owner, and reuses it', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'tht-config-'));
    const first = await loadConfig({ DATA_DIR: dataDir });
    const second = await loadConfig({ DATA_DIR: dataDir });

    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(second.jwtSecret).toBe(first.jwtSecret);
    const file = path.join(dataDir, 'jwt-secret');
    expect((await readFile(file, 'utf8')).trim()).toBe(first.jwtSecret);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
  });

  it('uses JWT_SECRET when given and writes nothing', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'tht-config-'));
    const config = await loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 's'.repeat(32) });
    expect(config.jwtSecret).toBe('s'.repeat(32));
    await expect(stat(path.join(dataDir, 'jwt-secret'))).rejects.toThrow(/ENOENT/);
  });

  it('names DATA_DIR when the secret cannot be stored there', async () => {
    const parent = await mkdtemp(path.join(os.tmpdir(), 'tht-config-'));
    const notAFolder = path.join(parent, 'file');
    await writeFile(notAFolder, 'occupied');
    await expect(loadConfig({ DATA_DIR: notAFolder })).rejects.toThrow(/^DATA_DIR /);
  });

  it('refuses an ADMIN_PASSWORD attackers try first, in any case, and takes a long one that is not on their list', async () => {
    const admin = (password: string) => ({ ADMIN_EMAIL: 'boss@example.com', ADMIN_PASSWORD: password, JWT_SECRET: 's'.repeat(32) });
    for (const password of ['password1', 'Password1', 'qwerty123', '1q2w3e4r5t']) {
      await expect(loadConfig(admin(password))).rejects.toThrow(`ADMIN_PASSWORD ${COMMON_ADMIN_PASSWORD}`);
    }
    expect((await loadConfig(admin('a-long-password'))).startupAdmin).toEqual({
      email: 'boss@example.com',
      password: 'a-long-password',
    });
  });
});
