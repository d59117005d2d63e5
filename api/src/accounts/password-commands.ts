import { createHash, randomBytes } from 'node:crypto';
import { ACCOUNT_MESSAGES as M, RESET_TOKEN_TTL_MS } from '@tht/contracts';
import type { UserRow } from 'projections';
import { hashPassword } from '../auth/passwords';
import type { Actor } from '../platform/commands';
import type { AppContext } from '../platform/context';
import { DomainError } from '../platform/handle-command';
import { HttpError } from '../platform/http';
import { findUserByEmail, findUserByResetTokenHash, getUser } from '../users/users-queries';
import { decideOnAccount } from './accounts-commands';
import { isResetTokenUsable } from './accounts-decider';

/** Reset tokens are stored (in events and read models) only as this hash. */
export const hashResetToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The signed-in user chose a new password: clears a forced change and ends every earlier sign-in. */
export async function changePassword(ctx: AppContext, userId: number, password: string, actor: Actor): Promise<UserRow> {
  await decideOnAccount(ctx, userId, { type: 'ChangePassword', passwordHash: await hashPassword(password) }, actor);
  return getUser(ctx.db, userId);
}

/** A fresh token of 64 lowercase hex characters, valid for 15 minutes; it replaces any earlier one. */
export async function requestPasswordReset(ctx: AppContext, username: string, actor: Actor): Promise<string> {
  const user = await findUserByEmail(ctx.db, username);
  if (!user) throw new HttpError(404, M.accountDoesNotExist);
  const token = randomBytes(32).toString('hex');
  const reset = { tokenHash: hashResetToken(token), expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MS).toISOString() };
  await decideOnAccount(ctx, user.id, { type: 'RequestPasswordReset', reset }, actor);
  return token;
}

/**
 * Sets the new password if the token is the user's latest, unused and unexpired one. The token is
 * checked on the read model before the costly password hash, and decided on the account's stream;
 * of two concurrent uses of one token only one succeeds.
 */
export async function completePasswordReset(ctx: AppContext, token: string, password: string, actor: Actor): Promise<void> {
  const tokenHash = hashResetToken(token);
  const now = new Date().toISOString();
  const user = await findUserByResetTokenHash(ctx.db, tokenHash);
  const reset = user?.password_reset_expires ? { tokenHash, expiresAt: new Date(user.password_reset_expires).toISOString() } : null;
  if (!user || !isResetTokenUsable(reset, tokenHash, now)) throw new DomainError('invalid', M.resetTokenExpired);
  const passwordHash = await hashPassword(password);
  await decideOnAccount(ctx, user.id, { type: 'CompletePasswordReset', tokenHash, passwordHash, now }, actor);
}
