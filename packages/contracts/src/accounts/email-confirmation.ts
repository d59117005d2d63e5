import { z } from 'zod';
import { safeString } from '../safe-text';

/**
 * The e-mail confirmation of a self-registered account: a link mailed at registration proves the
 * address is the account holder's. Until then, the address's owner signing in through the
 * organisation's provider takes the account over (see docs/decisions/029-proven-addresses.md).
 */

/** A confirmation link works for a day. */
export const EMAIL_CONFIRMATION_TTL_MS = 24 * 60 * 60 * 1000;

/** `<user id>.<64 lowercase hex>`: the account the link is for, and its random secret. */
export const EMAIL_CONFIRMATION_TOKEN_PATTERN = /^[1-9]\d{0,9}\.[0-9a-f]{64}$/;

/** The auth page's query parameter that carries a confirmation token. */
export const EMAIL_CONFIRMATION_PARAM = 'confirm-email';

export const EMAIL_CONFIRMATION_PATH = '/api/confirm-email';

/** Texts of the e-mail confirmation shared by the API and the screens. */
export const EMAIL_CONFIRMATION_MESSAGES = {
  invalidLink: 'This confirmation link is not valid. Copy the whole link from the e-mail.',
  expiredLink: 'This confirmation link has expired or was already used.',
  confirmed: 'Your e-mail address is confirmed.',
} as const;

/** The confirmation page's link for a token: `/auth?confirm-email=<token>` under the product's public URL. */
export function emailConfirmationLinkFor(publicUrl: string, token: string): string {
  return `${publicUrl}/auth?${EMAIL_CONFIRMATION_PARAM}=${token}`;
}

/** The account a well-formed confirmation token names, else null. */
export function confirmationTokenUserId(token: string): number | null {
  return EMAIL_CONFIRMATION_TOKEN_PATTERN.test(token) ? Number(token.slice(0, token.indexOf('.'))) : null;
}

/** POST /api/confirm-email. */
export const emailConfirmationSchema = z.object({
  token: safeString({ error: EMAIL_CONFIRMATION_MESSAGES.invalidLink }).regex(
    EMAIL_CONFIRMATION_TOKEN_PATTERN,
    EMAIL_CONFIRMATION_MESSAGES.invalidLink,
  ),
});

export const emailConfirmedResponseSchema = z.strictObject({ message: z.string() });
export type EmailConfirmedResponse = z.infer<typeof emailConfirmedResponseSchema>;
