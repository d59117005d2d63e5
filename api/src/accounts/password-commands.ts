import { createHash, randomBytes } from 'node:crypto';
import { ACCOUNT_MESSAGES as M, RESET_TOKEN_TTL_MS, userStream } from '@tht/contracts';
import { ConcurrencyError } from '@tht/eventstore';
import type { UserRow } from 'projections';
import { hashPassword } from '../auth/passwords';
import { appendAndWait, type Actor } from '../platform/commands';
import type { AppContext } from '../platform/context';
import { HttpError } from '../platform/http';
import { findUserByEmail, findUserByResetTokenHash, getUser } from '../users/users-queries';
import { accountEvent } from './account-events';

/** Reset tokens are stored (in events and read models) only as this hash. */
export const hashResetToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The signed-in user chose a new password: clears a forced change and ends every earlier sign-in. */
export async function changePassword(ctx: AppContext, userId: number, password: string, actor: Actor): Promise<UserRow> {
  const user = await getUser(ctx.db, userId);
  const passwordHash = await hashPassword(password);
  await appendAndWait(ctx, userStream(userId), [accountEvent('PasswordChanged', { userId, passwordHash })], user.version, actor);
  return getUser(ctx.db, userId);
}

/** A fresh token of 64 lowercase hex characters, valid for 15 minutes; it replaces any earlier one. */
export async function requestPasswordReset(ctx: AppContext, username: string, actor: Actor): Promise<string> {
  const user = await findUserByEmail(ctx.db, username);
  if (!user) throw new HttpError(404, M.accountDoesNotExist);
  const token = randomBytes(32).toString('hex');
  const expiresAt = new Date(Date.now() + RESET_TOKEN_TTL_MS).toISOString();
  await appendAndWait(
    ctx,
    userStream(user.id),
    [accountEvent('PasswordResetRequested', { userId: user.id, tokenHash: hashResetToken(token), expiresAt })],
    user.version,
    actor,
  );
  return token;
}

/**
 * Sets the new password if the token is the user's latest, unused and unexpired one. Of two
 * concurrent uses of one token only one succeeds: the first changes the stream version the
 * second expects.
 */
export async function completePasswordReset(ctx: AppContext, token: string, password: string, actor: Actor): Promise<void> {
  const user = await findUserByResetTokenHash(ctx.db, hashResetToken(token));
  const expiresAt = user?.password_reset_expires;
  if (!user || !expiresAt || new Date(expiresAt).getTime() <= Date.now()) {
    throw new HttpError(400, M.resetTokenExpired);
  }
  const passwordHash = await hashPassword(password);
  try {
    await appendAndWait(
      ctx,
      userStream(user.id),
      [accountEvent('PasswordResetCompleted', { userId: user.id, passwordHash })],
      user.version,
      actor,
    );
  } catch (error) {
    if (error instanceof ConcurrencyError) throw new HttpError(409, M.resetTokenExpired);
    throw error;
  }
}
