import { ACCOUNT_MESSAGES as M, normaliseEmail, userStream, type LoginInput } from '@tht/contracts';
import type { UserRow } from 'projections';
import type { LoginLimiter } from '../auth/login-limiter';
import { verifyPassword } from '../auth/passwords';
import { appendAndWait, type Actor } from '../platform/commands';
import type { AppContext } from '../platform/context';
import { HttpError } from '../platform/http';
import { findUserByEmail, getUser } from '../users/users-queries';
import { accountEvent } from './account-events';

/** A 429 telling the client when to try again. */
export class TooManyAttemptsError extends HttpError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, M.tooManyLoginAttempts);
  }
}

/** Checks the credentials (counting failures per account and address) and records the sign-in. */
export async function logIn(
  ctx: AppContext,
  limiter: LoginLimiter,
  { username, password }: LoginInput,
  address: string,
  actor: Actor,
): Promise<UserRow> {
  const account = normaliseEmail(username);
  const retryAfterSeconds = await limiter.retryAfterSeconds(account, address);
  if (retryAfterSeconds > 0) throw new TooManyAttemptsError(retryAfterSeconds);
  const user = await findUserByEmail(ctx.db, account);
  if (!user) {
    await limiter.recordFailure(account, address);
    throw new HttpError(401, M.accountDoesNotExist);
  }
  if (!(await verifyPassword(user.password_hash, password))) {
    await limiter.recordFailure(account, address);
    throw new HttpError(401, M.wrongPassword);
  }
  await limiter.recordSuccess(account, address);
  // A sign-in depends on no other change to the account, so it appends whatever the stream's version.
  await appendAndWait(ctx, userStream(user.id), [accountEvent('UserLoggedIn', { userId: user.id })], 'any', actor);
  return getUser(ctx.db, user.id);
}

/** Ends every sign-in of the user (all tokens issued before now stop working). */
export async function logOut(ctx: AppContext, userId: number, actor: Actor): Promise<void> {
  await appendAndWait(ctx, userStream(userId), [accountEvent('UserLoggedOut', { userId })], 'any', actor);
}
