import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { normaliseEmail } from '@tht/contracts';
import cookieParser from 'cookie-parser';
import type { Request, Response } from 'express';
import { deploymentCookie } from '../platform/cookie-security';

/**
 * OWASP "device cookies": a browser that signed in to an account gets a cookie naming that
 * account, signed by the server. Its sign-in attempts to that account are then counted per device
 * and are not refused because of others' failures (the address's or the account's lockouts), so an
 * attacker cannot lock the organisation out of its own browsers.
 *
 * One cookie per account (a shared computer keeps every account's): the name is a MAC of the
 * account, the value a random device id and a MAC binding it to the account.
 */

/** Whole seconds a device stays known without signing in again. */
const DEVICE_COOKIE_LIFETIME_SECONDS = 365 * 24 * 60 * 60;
const NAME_PREFIX = 'device_';

/** The MAC key, derived from the JWT secret so that no token can pass for a device cookie or the other way round. */
export function deviceCookieKey(jwtSecret: string): Buffer {
  return createHmac('sha256', jwtSecret).update('tht device cookie').digest();
}

const mac = (key: Buffer, text: string) => createHmac('sha256', key).update(text).digest('base64url');

export function deviceCookieName(key: Buffer, account: string): string {
  return NAME_PREFIX + mac(key, `name\n${normaliseEmail(account)}`).slice(0, 16);
}

export function signDeviceCookie(key: Buffer, account: string, deviceId = randomBytes(16).toString('base64url')): string {
  return `${deviceId}.${mac(key, `value\n${normaliseEmail(account)}\n${deviceId}`)}`;
}

/** The device id of a cookie value signed for `account`, or null for anything else. */
export function verifiedDeviceId(key: Buffer, account: string, value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const [deviceId, given, ...rest] = value.split('.');
  if (!deviceId || given === undefined || rest.length > 0) return null;
  const expected = Buffer.from(signDeviceCookie(key, account, deviceId));
  const actual = Buffer.from(value);
  return actual.length === expected.length && timingSafeEqual(actual, expected) ? deviceId : null;
}

/** The account's device cookie in `req`'s deployment; sent with sign-in requests only: no other request needs it. */
const deviceCookie = (req: Request, key: Buffer, account: string) =>
  deploymentCookie(req, deviceCookieName(key, account), { path: '/api/login', sameSite: 'strict' });

const parseCookies = cookieParser();

/** The request's device id for `account`, when it carries that account's valid device cookie. */
export function deviceOf(req: Request, key: Buffer, account: string): string | null {
  if (req.cookies === undefined) parseCookies(req, {} as Response, () => {});
  return verifiedDeviceId(
    key,
    account,
    (req.cookies as Record<string, unknown> | undefined)?.[deviceCookie(req, key, account).name],
  );
}

/** Marks the browser as a device that signed in to `account` (a fresh id at each sign-in). */
export function setDeviceCookie(req: Request, res: Response, key: Buffer, account: string): void {
  const { name, options } = deviceCookie(req, key, account);
  res.cookie(name, signDeviceCookie(key, account), {
    ...options,
    maxAge: DEVICE_COOKIE_LIFETIME_SECONDS * 1000,
  });
}
