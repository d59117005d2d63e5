import { z } from 'zod';
import type { PasswordResetResponse } from './responses';

/** Texts of the password reset shared by the API and the screens. */
export const PASSWORD_RESET_MESSAGES = {
  /** The one answer to a reset request for one's own or an unknown account: it tells nobody whether the account exists. */
  linkOnItsWay: 'If the account exists, a reset link is on its way to its e-mail address.',
  /** Added on the screen when the server sends no e-mail (no SMTP_URL): the operator relays the logged link. */
  askAdministrator: 'Ask your administrator for the link.',
  checkEmail: 'Check your e-mail for the reset link. It expires in 15 minutes.',
  /** An administrator's answer for another account (`{ message, resetToken, resetLink }`). */
  linkIssued: 'Password reset link generated. It expires in 15 minutes.',
  tooManyRequestsForAccount: 'Too many reset requests for this account. Please try again later.',
  /** The admin panel's failure toast for a link to hand over. */
  failedToCreateResetLink: 'Failed to create reset link',
  tooManyUnexpiredLinks: (count: number) =>
    `This account already has ${count} unexpired reset links. Use one of them, or try again once one has expired.`,
} as const;

/**
 * At most this many of an account's reset links are unexpired at once; further requests issue
 * none until one expires or is used. New requests never cancel earlier links, so nobody's requests
 * can take away the link the account's owner is about to use.
 */
export const MAX_UNEXPIRED_RESET_LINKS = 3;

/** POST /api/reset-password for one's own or an unknown account: the link goes by e-mail, never in the answer. */
export const resetRequestedResponseSchema = z.strictObject({
  message: z.string(),
  /** False: the server sends no e-mail (no SMTP_URL); the link reaches the owner through the administrator. */
  mailConfigured: z.boolean(),
});

export type ResetRequestedResponse = z.infer<typeof resetRequestedResponseSchema>;

/** Either answer of POST /api/reset-password: the generic one, or an administrator's link for another account. */
export type ResetRequestAnswer = ResetRequestedResponse | PasswordResetResponse;

export const isIssuedResetLink = (answer: ResetRequestAnswer): answer is PasswordResetResponse => 'resetLink' in answer;

/** The reset page's link for a token: `/auth?token=<64 hex>` under the product's public URL. */
export function resetLinkFor(publicUrl: string, token: string): string {
  return `${publicUrl}/auth?token=${token}`;
}
