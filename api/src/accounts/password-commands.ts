import { createHash, randomBytes } from 'node:crypto';
import { ACCOUNT_MESSAGES as M, RESET_TOKEN_TTL_MS } from '@tht/contracts';
import type { UserRow } from 'projections';
import { hashPassword } from '../auth/passwords';
import type { Actor } from '../platform/commands';
import type { AppContext } from '../platform/context';
import { DomainError } from '../platform/handle-command';
import { findResetTokenOwner, getUser } from '../users/users-queries';
import { decideOnAccount } from './accounts-commands';

/** Reset tokens are stored (in events and read models) only as this hash. */
export const hashResetToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The signed-in user chose a new password: clears a forced change and ends every earlier sign-in. */
export async function changePassword(ctx: AppContext, userId: number, password: string, actor: Actor): Promise<UserRow> {
  await decideOnAccount(ctx, userId, { type: 'ChangePassword', passwordHash: await hashPassword(password) }, actor);
  return getUser(ctx.db, userId);
}

/**
 * A fresh token of 64 lowercase hex characters for the account, valid for 15 minutes; earlier
 * unexpired ones stay valid (refused when the account has MAX_UNEXPIRED_RESET_LINKS of them).
 */
export async function issuePasswordReset(ctx: AppContext, userId: number, actor: Actor): Promise<string> {
  const token = randomBytes(32).toString('hex');
  const now = new Date();
  const reset = { tokenHash: hashResetToken(token), expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS).toISOString() };
  await decideOnAccount(ctx, userId, { type: 'RequestPasswordReset', reset, now: now.toISOString() }, actor);
  return token;
}

/**
 * Sets the new password if the token is one of the user's unused and unexpired ones, and ends
 * the others. The token is checked on the read model before the costly password hash, and decided
 * on the account's stream; of two concurrent uses of the account's tokens only one succeeds.
 */
export async function completePasswordReset(ctx: AppContext, token: string, password: string, actor: Actor): Promise<void> {
  const tokenHash = hashResetToken(token);
  const now = new Date();
  const userId = await findResetTokenOwner(ctx.db, tokenHash, now);
  if (userId === undefined) throw new DomainError('invalid', M.resetTokenExpired);
  const passwordHash = await hashPassword(password);
  await decideOnAccount(ctx, userId, { type: 'CompletePasswordReset', tokenHash, passwordHash, now: now.toISOString() }, actor);
}
