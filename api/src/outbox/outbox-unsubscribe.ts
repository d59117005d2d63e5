import { createHmac, timingSafeEqual } from 'node:crypto';
import { isNotificationKind, UNSUBSCRIBE_PATH, type NotificationKind } from '@tht/contracts';
import type { AppConfig } from '../config';

/** Whom and what an unsubscribe token names. */
export interface Unsubscription {
  userId: number;
  kind: NotificationKind;
}

/** The key of the tokens, derived from JWT_SECRET (whoever holds that can sign in as anyone anyway). */
const unsubscribeKey = (jwtSecret: string) => createHmac('sha256', jwtSecret).update('tht unsubscribe link').digest();

const signatureOf = (jwtSecret: string, payload: string) =>
  createHmac('sha256', unsubscribeKey(jwtSecret)).update(payload).digest('base64url');

/**
 * `<userId>.<kind>.<HMAC-SHA256 of both>`: names the person and the kind, cannot be made without
 * JWT_SECRET, and never expires (an old mail's link still works; decision 042). The same person
 * and kind always give the same token.
 */
export function unsubscribeToken(jwtSecret: string, { userId, kind }: Unsubscription): string {
  const payload = `${userId}.${kind}`;
  return `${payload}.${signatureOf(jwtSecret, payload)}`;
}

/** The person and kind a token names, or null when it was not made with this JWT_SECRET (tampered, cut, made up). */
export function readUnsubscribeToken(jwtSecret: string, token: string): Unsubscription | null {
  const match = /^(\d{1,10})\.([a-z-]{1,40})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const [, userId, kind, signature] = match as unknown as [string, string, string, string];
  const expected = Buffer.from(signatureOf(jwtSecret, `${userId}.${kind}`));
  if (!timingSafeEqual(expected, Buffer.from(signature)) || !isNotificationKind(kind)) return null;
  return { userId: Number(userId), kind };
}

/** The one-click unsubscribe link of a person's mails of `kind`, for the List-Unsubscribe header and the mail's footer. */
export function unsubscribeUrl(config: Pick<AppConfig, 'publicUrl' | 'jwtSecret'>, userId: number, kind: NotificationKind): string {
  return `${config.publicUrl}${UNSUBSCRIBE_PATH}?token=${unsubscribeToken(config.jwtSecret, { userId, kind })}`;
}
