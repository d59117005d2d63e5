import { createHash, randomBytes } from 'node:crypto';
import { ACCOUNT_MESSAGES as M, RESET_TOKEN_TTL_MS, SIGN_IN_FAILURES, type SetPasswordInput } from '@tht/contracts';
import type { UserRow } from 'projections';
import type { LoginClient, LoginLimiter } from '../auth/login-limiter';
import { hashChosenPassword, verifyPassword } from '../auth/passwords';
import type { Actor } from '../platform/commands';
import type { AppContext } from '../platform/context';
import { DomainError } from '../platform/decider';
import { findResetTokenOwner, getUser, decideOnAccount, checkCurrentPassword, type CurrentPasswordProof } from '../users';

/** Reset tokens are stored (in events and read models) only as this hash. */
export const hashResetToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Where a password change comes from, counted as a sign-in attempt when it checks the current password. */
export interface PasswordGuesses {
  limiter: LoginLimiter;
  client: LoginClient;
}

/**
 * The signed-in user chose a new password, giving the current one unless they must replace a
 * temporary one. Clears a forced change and ends every sign-in: the caller gives this one a
 * fresh token.
 */
export async function changePassword(
  ctx: AppContext,
  userId: number,
  { currentPassword, password }: SetPasswordInput,
  guesses: PasswordGuesses,
  actor: Actor,
): Promise<UserRow> {
  const user = await getUser(ctx.db, userId);
  const proof = user.first_login_required ? 'missing' : await proveCurrentPassword(user, currentPassword, guesses);
  checkCurrentPassword(user.first_login_required, proof); // before the costly hash
  const passwordHash = await hashChosenPassword(password);
  await decideOnAccount(ctx, userId, { type: 'ChangePassword', passwordHash, currentPassword: proof }, actor);
  return getUser(ctx.db, userId);
}

/**
 * A check of the current password is a guess at it, as a sign-in is: it counts against the sign-in
 * limits of the account before it is made (a 429 past them), and the right password takes it back.
 */
async function proveCurrentPassword(
  user: UserRow,
  currentPassword: string | undefined,
  { limiter, client }: PasswordGuesses,
): Promise<CurrentPasswordProof> {
  if (currentPassword === undefined) return 'missing';
  await limiter.admit(user.email, client);
  if (!(await verifyPassword(user.password_hash, currentPassword))) {
    const reason = SIGN_IN_FAILURES.wrongCurrentPassword;
    await limiter.failed(user.email, client, { userId: user.id, actorId: user.id, reason });
    return 'wrong';
  }
  await limiter.succeeded(user.email, client);
  return 'verified';
}

/**
 * A fresh token of 64 lowercase hex characters for the account, valid for 15 minutes; earlier
 * unexpired ones stay valid (refused when the account has MAX_UNEXPIRED_RESET_LINKS of them).
 * `byOperator`: made on the server by the operator's command, so the audit names no visitor.
 */
export async function issuePasswordReset(ctx: AppContext, userId: number, actor: Actor, byOperator = false): Promise<string> {
  const token = randomBytes(32).toString('hex');
  const now = ctx.now();
  const reset = { tokenHash: hashResetToken(token), expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS).toISOString() };
  await decideOnAccount(ctx, userId, { type: 'RequestPasswordReset', reset, now: now.toISOString(), byOperator }, actor);
  return token;
}

/**
 * Sets the new password if the token is one of the user's unused and unexpired ones, and ends
 * the others. The token is checked on the read model before the costly password hash, and decided
 * on the account's stream; of two concurrent uses of the account's tokens only one succeeds.
 */
export async function completePasswordReset(ctx: AppContext, token: string, password: string, actor: Actor): Promise<void> {
  const tokenHash = hashResetToken(token);
  const now = ctx.now();
  const userId = await findResetTokenOwner(ctx.db, tokenHash, now);
  if (userId === undefined) throw new DomainError('invalid', M.resetTokenExpired);
  const passwordHash = await hashChosenPassword(password);
  await decideOnAccount(ctx, userId, { type: 'CompletePasswordReset', tokenHash, passwordHash, now: now.toISOString() }, actor);
}
