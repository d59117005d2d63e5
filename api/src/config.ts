import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import express from 'express';
import {
  ADMIN_MFA_MODES,
  EVIDENCE_DEFAULT_MAX_MEGABYTES,
  EVIDENCE_DEFAULT_QUOTA_MEGABYTES,
  EVIDENCE_MEGABYTE,
  LONGEST_SESSION_HOURS,
  type AdminMfaMode,
  type Role,
} from '@tht/contracts';
import { z } from 'zod';
import { isCommonPassword } from './auth/common-passwords';
import { REMOTES, type RemoteUrlSetting } from './platform/remotes';

export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));

export const LOG_LEVELS = ['debug', 'info', 'warn', 'error', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface AppConfig {
  port: number;
  /** External PostgreSQL; null means the embedded one under `dataDir`. */
  databaseUrl: string | null;
  /** KurrentDB/EventStoreDB; null means events are kept in PostgreSQL. */
  eventstoreUrl: string | null;
  /** Absolute path. */
  dataDir: string;
  jwtSecret: string;
  orgEmailDomain: string;
  startupAdmin: { email: string; password: string } | null;
  logLevel: LogLevel;
  /** Express `trust proxy`: which peers' X-Forwarded-For is believed (client address for login limits). */
  trustProxy: boolean | number | string;
  remoteUrls: Partial<Record<RemoteUrlSetting, string>>;
  /** The product's public base URL without a trailing slash: links in e-mails are built from it, never from request headers. */
  publicUrl: string;
  /** smtp:// or smtps:// (credentials in the URL); null means reset links go to the server log. */
  smtpUrl: string | null;
  /** Sender of the product's e-mails (RFC 5322 mailbox, e.g. `Name <address>`). */
  mailFrom: string;
  /** The outbox hands at most this many mails a minute to the SMTP server (`MAIL_PER_MINUTE`), evenly spaced. */
  mailPerMinute: number;
  /** The bearer token `GET /api/metrics` is served to; null: metrics are not served (404). */
  metricsToken: string | null;
  /** Sign-in through the organisation's OpenID Connect provider; null: not configured. */
  sso: SsoSettings | null;
  /** False: password sign-in and registration are refused, except the start-up admin's sign-in. */
  passwordLogin: boolean;
  /** `required`: administrators signing in with a password must have a second factor (TOTP); `optional` (default): they may. */
  adminMfa: AdminMfaMode;
  /** How long a sign-in session lasts (`SESSION_MAX_HOURS`, `SESSION_IDLE_MINUTES`). */
  sessionLifetime: SessionLifetime;
  /** Provisioning by the organisation's directory (SCIM 2.0 at `/scim/v2`); null: not served (404). */
  scim: ScimSettings | null;
  /** Leavers are erased this many days after their deactivation (`ERASE_LEAVERS_AFTER_DAYS`); null: never by themselves. */
  eraseLeaversAfterDays: number | null;
  /** Files attached to entries: one file's and one person's files' limits in bytes (`EVIDENCE_MAX_MB`, `EVIDENCE_QUOTA_MB`). */
  evidence: EvidenceLimits;
  /** The xAPI version the LRS at `/xapi` states to a request that names none (`XAPI_DEFAULT_VERSION`, decision 044). */
  xapiDefaultVersion: XapiDefaultVersion;
}

/** `EVIDENCE_MAX_MB` and `EVIDENCE_QUOTA_MB`, in bytes. */
export interface EvidenceLimits {
  maxFileBytes: number;
  quotaBytes: number;
}

/** One file at most (a scan of a certificate is a few MB; a larger upload is held in one API process at a time). */
export const LARGEST_EVIDENCE_MB = 100;
/** One person's files at most. */
const LARGEST_EVIDENCE_QUOTA_MB = 100_000;

/** The xAPI versions the LRS speaks, as `XAPI_DEFAULT_VERSION` names them. */
export const XAPI_DEFAULT_VERSIONS = ['1.0.3', '2.0.0'] as const;
export type XapiDefaultVersion = (typeof XAPI_DEFAULT_VERSIONS)[number];

/** `SCIM_TOKEN` and `SCIM_GROUP_ROLES`. */
export interface ScimSettings {
  /** The bearer token the directory sends (32+ characters). */
  token: string;
  /** Directory group names (lower case) whose members get a role; other groups are stored and ignored. */
  groupRoles: ReadonlyMap<string, DirectoryGroupRole>;
}

/** The roles a directory group can give (`manager` follows from having direct reports, `employee` is everyone's). */
export const DIRECTORY_GROUP_ROLES = ['hr', 'smt', 'admin'] as const satisfies readonly Role[];
export type DirectoryGroupRole = (typeof DIRECTORY_GROUP_ROLES)[number];

/** A session ends `maxSeconds` after sign-in whatever happens, and `idleSeconds` after its last request. */
export interface SessionLifetime {
  maxSeconds: number;
  idleSeconds: number;
}

const DEFAULT_SESSION_MAX_HOURS = 12;
const DEFAULT_SESSION_IDLE_MINUTES = 60;

/** The OpenID Connect client's settings (`OIDC_*`). The redirect URI is `PUBLIC_URL/api/auth/oidc/callback`. */
export interface SsoSettings {
  /** The provider's issuer URL, exactly as its discovery document states it. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Space-separated, `openid` and `email` among them. */
  scopes: string;
  buttonLabel: string;
  /** A person with no account gets one at the first sign-in (false: they are told to ask an administrator). */
  autoCreate: boolean;
}

/** A setting that stops start-up. The message is one line and starts with the setting's name. */
export class ConfigError extends Error {
  constructor(
    readonly setting: string,
    problem: string,
  ) {
    super(`${setting} ${problem.replace(/\s*\n\s*/g, ' ')}`);
    this.name = 'ConfigError';
  }
}

const JWT_SECRET_FILE = 'jwt-secret';
const MIN_JWT_SECRET_LENGTH = 32;
const MIN_ADMIN_PASSWORD_LENGTH = 8;
const MIN_METRICS_TOKEN_LENGTH = 32;
const MIN_SCIM_TOKEN_LENGTH = 32;
/** `MAIL_PER_MINUTE`: one a second by default; at most a thousand a second. */
const DEFAULT_MAIL_PER_MINUTE = 60;
const MOST_MAILS_PER_MINUTE = 60_000;
/** `ERASE_LEAVERS_AFTER_DAYS` at most: a hundred years. */
const LONGEST_RETENTION_DAYS = 36_500;

function hasProtocol(value: string, protocols: readonly string[]): boolean {
  try {
    return protocols.includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

const isPort = (value: string) => /^\d{1,5}$/.test(value) && Number(value) <= 65535;
const isDomain = (value: string) => /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/.test(value);
/** `true`/`false`, a hop count, or Express's names and addresses (`loopback`, `10.0.0.0/8`, ...). */
function parseTrustProxy(value: string): boolean | number | string {
  if (value === 'true' || value === 'false') return value === 'true';
  return /^\d+$/.test(value) ? Number(value) : value;
}

function isTrustProxy(value: string): boolean {
  try {
    express().set('trust proxy', parseTrustProxy(value));
    return true;
  } catch {
    return false;
  }
}

const LOOPBACK_HOSTS = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/;

/** https, or http on a loopback address (a provider on this host, tests). */
function isIssuerUrl(value: string): boolean {
  if (hasProtocol(value, ['https:'])) return true;
  return hasProtocol(value, ['http:']) && LOOPBACK_HOSTS.test(new URL(value).hostname);
}

const DEFAULT_OIDC_SCOPES = 'openid email profile';
const hasScopes = (scopes: string, required: readonly string[]) => required.every((scope) => scopes.split(/\s+/).includes(scope));

const wholeNumberSetting = (min: number, max: number) =>
  optional(
    z
      .string()
      .refine((v) => /^\d+$/.test(v) && Number(v) >= min && Number(v) <= max, `must be a whole number from ${min} to ${max}`)
      .transform(Number),
  );

const booleanSetting = () =>
  optional(z.enum(['true', 'false'], { error: 'must be true or false' }).transform((value) => value === 'true'));

/** No trailing slash, so links are `${publicUrl}/path`. */
const withoutTrailingSlash = (value: string) => value.replace(/\/+$/, '');

const isRemoteUrl = (value: string) => value.startsWith('/') || hasProtocol(value, ['http:', 'https:']);

/** An empty variable (`FOO=` in a compose file or shell) counts as unset. */
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

const GROUP_ROLES_FORMAT = `must be Group name=role pairs separated by commas, each role one of ${DIRECTORY_GROUP_ROLES.join(', ')}, e.g. Training HR=hr,Training Admins=admin`;

/** `Training HR=hr,Training Admins=admin` as group name (lower case) -> role; null when a pair is malformed or a group named twice. */
function parseGroupRoles(value: string): Map<string, DirectoryGroupRole> | null {
  const pairs = value.split(',').map((pair) => pair.split('=').map((part) => part.trim()));
  const roles = new Map<string, DirectoryGroupRole>();
  for (const [group, role, ...rest] of pairs) {
    if (!group || rest.length > 0 || !DIRECTORY_GROUP_ROLES.includes(role as DirectoryGroupRole)) return null;
    if (roles.has(group.toLowerCase())) return null;
    roles.set(group.toLowerCase(), role as DirectoryGroupRole);
  }
  return roles;
}

const remoteUrlSetting = () => optional(z.string().refine(isRemoteUrl, 'must be an http(s) URL or a path starting with /'));

const remoteUrlSettings = Object.fromEntries(REMOTES.map((remote) => [remote.urlSetting, remoteUrlSetting()])) as Record<
  RemoteUrlSetting,
  ReturnType<typeof remoteUrlSetting>
>;

const settingsSchema = z
  .object({
    PORT: optional(z.string().refine(isPort, 'must be a whole number from 0 to 65535')),
    DATABASE_URL: optional(
      z.string().refine((v) => hasProtocol(v, ['postgres:', 'postgresql:']), 'must be a postgres:// or postgresql:// URL'),
    ),
    EVENTSTORE_URL: optional(
      z
        .string()
        .refine(
          (v) => hasProtocol(v, ['esdb:', 'esdb+discover:', 'kurrentdb:', 'kurrentdb+discover:', 'kurrent:', 'kurrent+discover:']),
          'must be an esdb:// or kurrentdb:// URL',
        ),
    ),
    DATA_DIR: optional(z.string()),
    JWT_SECRET: optional(z.string().min(MIN_JWT_SECRET_LENGTH, `must be at least ${MIN_JWT_SECRET_LENGTH} characters`)),
    ORG_EMAIL_DOMAIN: optional(
      z
        .string()
        .transform((v) => v.trim().toLowerCase().replace(/^@/, ''))
        .refine(isDomain, 'must be a domain name such as example.com'),
    ),
    ADMIN_EMAIL: optional(z.email({ error: 'must be an e-mail address' }).transform((v) => v.toLowerCase())),
    ADMIN_PASSWORD: optional(z.string().min(MIN_ADMIN_PASSWORD_LENGTH, `must be at least ${MIN_ADMIN_PASSWORD_LENGTH} characters`)),
    LOG_LEVEL: optional(z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` })),
    TRUST_PROXY: optional(
      z.string().refine(isTrustProxy, 'must be true, false, a hop count, or addresses/subnets such as loopback, 10.0.0.0/8'),
    ),
    ...remoteUrlSettings,
    PUBLIC_URL: optional(
      z
        .string()
        .refine((v) => hasProtocol(v, ['http:', 'https:']), 'must be an http(s) URL such as https://training.example.org')
        .transform(withoutTrailingSlash),
    ),
    SMTP_URL: optional(z.string().refine((v) => hasProtocol(v, ['smtp:', 'smtps:']), 'must be an smtp:// or smtps:// URL')),
    MAIL_FROM: optional(z.string().trim().min(3, 'must be a sender address such as Training <no-reply@example.org>')),
    MAIL_PER_MINUTE: wholeNumberSetting(1, MOST_MAILS_PER_MINUTE),
    METRICS_TOKEN: optional(z.string().min(MIN_METRICS_TOKEN_LENGTH, `must be at least ${MIN_METRICS_TOKEN_LENGTH} characters`)),
    OIDC_ISSUER: optional(
      z.string().refine(isIssuerUrl, 'must be an https:// URL (http:// only on a loopback address such as http://127.0.0.1:8081)'),
    ),
    OIDC_CLIENT_ID: optional(z.string().trim().min(1, 'must not be blank')),
    OIDC_CLIENT_SECRET: optional(z.string().min(1)),
    OIDC_SCOPES: optional(
      z
        .string()
        .trim()
        .refine((v) => hasScopes(v, ['openid', 'email']), `must include openid and email (default: ${DEFAULT_OIDC_SCOPES})`),
    ),
    OIDC_BUTTON_LABEL: optional(z.string().trim().min(1, 'must not be blank').max(60, 'must be at most 60 characters')),
    OIDC_AUTO_CREATE: booleanSetting(),
    PASSWORD_LOGIN: booleanSetting(),
    ADMIN_MFA: optional(z.enum(ADMIN_MFA_MODES, { error: `must be one of ${ADMIN_MFA_MODES.join(', ')}` })),
    SESSION_MAX_HOURS: wholeNumberSetting(1, LONGEST_SESSION_HOURS),
    SESSION_IDLE_MINUTES: wholeNumberSetting(1, LONGEST_SESSION_HOURS * 60),
    SCIM_TOKEN: optional(z.string().min(MIN_SCIM_TOKEN_LENGTH, `must be at least ${MIN_SCIM_TOKEN_LENGTH} characters`)),
    ERASE_LEAVERS_AFTER_DAYS: wholeNumberSetting(0, LONGEST_RETENTION_DAYS),
    EVIDENCE_MAX_MB: wholeNumberSetting(1, LARGEST_EVIDENCE_MB),
    EVIDENCE_QUOTA_MB: wholeNumberSetting(1, LARGEST_EVIDENCE_QUOTA_MB),
    XAPI_DEFAULT_VERSION: optional(z.enum(XAPI_DEFAULT_VERSIONS, { error: `must be one of ${XAPI_DEFAULT_VERSIONS.join(', ')}` })),
    SCIM_GROUP_ROLES: optional(
      z
        .string()
        .transform(parseGroupRoles)
        .refine((roles) => roles !== null, GROUP_ROLES_FORMAT),
    ),
  })
  .superRefine((settings, ctx) => {
    const needs = (setting: string, message: string) => ctx.addIssue({ code: 'custom', path: [setting], message });
    for (const setting of [
      'OIDC_CLIENT_ID',
      'OIDC_CLIENT_SECRET',
      'OIDC_SCOPES',
      'OIDC_BUTTON_LABEL',
      'OIDC_AUTO_CREATE',
    ] as const) {
      if (settings[setting] !== undefined && !settings.OIDC_ISSUER) needs(setting, 'is set but OIDC_ISSUER is not');
    }
    if (settings.OIDC_ISSUER && !settings.OIDC_CLIENT_ID) needs('OIDC_CLIENT_ID', 'must be set together with OIDC_ISSUER');
    if (settings.OIDC_ISSUER && !settings.OIDC_CLIENT_SECRET) needs('OIDC_CLIENT_SECRET', 'must be set together with OIDC_ISSUER');
    if (settings.PASSWORD_LOGIN === false && !settings.OIDC_ISSUER) {
      needs('PASSWORD_LOGIN', 'false needs single sign-on (OIDC_ISSUER): nobody but the start-up admin could sign in');
    }
    if (settings.PASSWORD_LOGIN === false && !settings.ADMIN_EMAIL) {
      needs(
        'PASSWORD_LOGIN',
        'false needs ADMIN_EMAIL and ADMIN_PASSWORD: the start-up admin keeps its password for when the provider fails',
      );
    }
    const maxHours = settings.SESSION_MAX_HOURS ?? DEFAULT_SESSION_MAX_HOURS;
    if ((settings.SESSION_IDLE_MINUTES ?? DEFAULT_SESSION_IDLE_MINUTES) > maxHours * 60) {
      needs(
        'SESSION_IDLE_MINUTES',
        `must be at most SESSION_MAX_HOURS (${maxHours}) times 60: a session ends at its maximum anyway`,
      );
    }
    if (settings.SCIM_GROUP_ROLES && !settings.SCIM_TOKEN) needs('SCIM_GROUP_ROLES', 'is set but SCIM_TOKEN is not');
    const evidenceMaxMb = settings.EVIDENCE_MAX_MB ?? EVIDENCE_DEFAULT_MAX_MEGABYTES;
    if ((settings.EVIDENCE_QUOTA_MB ?? EVIDENCE_DEFAULT_QUOTA_MEGABYTES) < evidenceMaxMb) {
      needs('EVIDENCE_QUOTA_MB', `must be at least EVIDENCE_MAX_MB (${evidenceMaxMb}): one file must fit`);
    }
    if (settings.ADMIN_EMAIL && !settings.ADMIN_PASSWORD) {
      ctx.addIssue({ code: 'custom', path: ['ADMIN_PASSWORD'], message: 'must be set together with ADMIN_EMAIL' });
    }
    if (settings.ADMIN_PASSWORD && !settings.ADMIN_EMAIL) {
      ctx.addIssue({ code: 'custom', path: ['ADMIN_EMAIL'], message: 'must be set together with ADMIN_PASSWORD' });
    }
  });

/** Validates every setting at once, without touching the file system. Throws ConfigError. */
export function parseSettings(env: NodeJS.ProcessEnv): Omit<AppConfig, 'jwtSecret'> & { jwtSecret: string | null } {
  const parsed = settingsSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(String(issue.path[0]), issue.message);
  }
  const s = parsed.data;
  const port = Number(s.PORT ?? 8080);
  const orgEmailDomain = s.ORG_EMAIL_DOMAIN ?? 'example.com';
  return {
    port,
    databaseUrl: s.DATABASE_URL ?? null,
    eventstoreUrl: s.EVENTSTORE_URL ?? null,
    dataDir: path.resolve(REPO_ROOT, s.DATA_DIR ?? '.data'),
    jwtSecret: s.JWT_SECRET ?? null,
    orgEmailDomain,
    startupAdmin: s.ADMIN_EMAIL && s.ADMIN_PASSWORD ? { email: s.ADMIN_EMAIL, password: s.ADMIN_PASSWORD } : null,
    logLevel: s.LOG_LEVEL ?? 'info',
    trustProxy: parseTrustProxy(s.TRUST_PROXY ?? 'loopback'),
    remoteUrls: Object.fromEntries(
      REMOTES.flatMap((remote) => (s[remote.urlSetting] ? [[remote.urlSetting, s[remote.urlSetting]]] : [])),
    ),
    publicUrl: s.PUBLIC_URL ?? defaultPublicUrl(port),
    smtpUrl: s.SMTP_URL ?? null,
    mailFrom: s.MAIL_FROM ?? `Training Hours Tracker <no-reply@${orgEmailDomain}>`,
    mailPerMinute: s.MAIL_PER_MINUTE ?? DEFAULT_MAIL_PER_MINUTE,
    metricsToken: s.METRICS_TOKEN ?? null,
    sso: s.OIDC_ISSUER
      ? {
          issuer: s.OIDC_ISSUER,
          clientId: s.OIDC_CLIENT_ID!,
          clientSecret: s.OIDC_CLIENT_SECRET!,
          scopes: s.OIDC_SCOPES ?? DEFAULT_OIDC_SCOPES,
          buttonLabel: s.OIDC_BUTTON_LABEL ?? 'Sign in with your organisation account',
          autoCreate: s.OIDC_AUTO_CREATE ?? true,
        }
      : null,
    passwordLogin: s.PASSWORD_LOGIN ?? true,
    adminMfa: s.ADMIN_MFA ?? 'optional',
    sessionLifetime: {
      maxSeconds: (s.SESSION_MAX_HOURS ?? DEFAULT_SESSION_MAX_HOURS) * 3600,
      idleSeconds: (s.SESSION_IDLE_MINUTES ?? DEFAULT_SESSION_IDLE_MINUTES) * 60,
    },
    scim: s.SCIM_TOKEN ? { token: s.SCIM_TOKEN, groupRoles: s.SCIM_GROUP_ROLES ?? new Map() } : null,
    eraseLeaversAfterDays: s.ERASE_LEAVERS_AFTER_DAYS ?? null,
    evidence: {
      maxFileBytes: (s.EVIDENCE_MAX_MB ?? EVIDENCE_DEFAULT_MAX_MEGABYTES) * EVIDENCE_MEGABYTE,
      quotaBytes: (s.EVIDENCE_QUOTA_MB ?? EVIDENCE_DEFAULT_QUOTA_MEGABYTES) * EVIDENCE_MEGABYTE,
    },
    xapiDefaultVersion: s.XAPI_DEFAULT_VERSION ?? '1.0.3',
  };
}

export const defaultPublicUrl = (port: number) => `http://localhost:${port}`;

export const COMMON_ADMIN_PASSWORD =
  'is one of the 100,000 most common passwords, which attackers try first on every account: choose another';

/**
 * The full configuration: settings plus the JWT secret (generated once into DATA_DIR when not
 * given), with ADMIN_PASSWORD checked against the passwords attackers try first.
 */
export async function loadConfig(env: NodeJS.ProcessEnv = process.env): Promise<AppConfig> {
  const settings = parseSettings(env);
  if (settings.startupAdmin && (await isCommonPassword(settings.startupAdmin.password))) {
    throw new ConfigError('ADMIN_PASSWORD', COMMON_ADMIN_PASSWORD);
  }
  const jwtSecret = settings.jwtSecret ?? (await readOrCreateJwtSecret(settings.dataDir));
  return { ...settings, jwtSecret };
}

async function readOrCreateJwtSecret(dataDir: string): Promise<string> {
  const file = path.join(dataDir, JWT_SECRET_FILE);
  try {
    await mkdir(dataDir, { recursive: true });
    const existing = await readFileIfExists(file);
    if (existing) return existing;
    await writeFile(file, `${randomBytes(48).toString('base64url')}\n`, { mode: 0o600, flag: 'wx' }).catch(
      // Another process created the file meanwhile: its secret wins.
      (error: NodeJS.ErrnoException) => {
        if (error.code !== 'EEXIST') throw error;
      },
    );
    const secret = await readFileIfExists(file);
    if (!secret) throw new Error(`${file} is empty`);
    return secret;
  } catch (error) {
    throw new ConfigError('DATA_DIR', `(${dataDir}) cannot hold the generated JWT secret: ${(error as Error).message}`);
  }
}

async function readFileIfExists(file: string): Promise<string | null> {
  try {
    return (await readFile(file, 'utf8')).trim() || null;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}
