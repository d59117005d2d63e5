import {
  ACCOUNT_MESSAGES as M,
  MAX_SESSIONS_PER_ACCOUNT,
  SIGN_IN_FAILURES,
  SSO_MESSAGES as S,
  normaliseEmail,
  userSessionsStream,
  type AccountEventData,
  type LoginInput,
} from '@tht/contracts';
import type { UserRow } from 'projections';
import type { SignInSession } from '../auth/auth-user';
import type { LoginClient, LoginLimiter } from '../auth/login-limiter';
import { verifyPassword } from '../auth/passwords';
import { sessionEndIso } from '../auth/session-lifetime';
import { appendAndWait, type Actor } from '../platform/commands';
import type { AppContext } from '../platform/context';
import { DomainError } from '../platform/decider';
import { proveSecondFactor } from '../second-factor';
import { findUserByEmail, getUser, type AccountStreamEvent } from '../users';
import { sessionsEndedBySignIn } from './open-sessions';

/**
 * Sign-ins and sign-outs are not decided on the account's stream: the credentials are checked at
 * the edge (a 401 and the attempt limits), and the event conflicts with no other change to the
 * account, so it is appended to the person's sessions stream (`user-sessions-<id>`, which no
 * command reads: an account command's cost does not grow with sign-ins, decision 049) whatever
 * its version (never a 409 for two sign-ins at once).
 */
async function appendSessionEvent(
  ctx: AppContext,
  event: AccountStreamEvent & { type: 'UserLoggedOut' | 'UserLoggedOutEverywhere' },
  actor: Actor,
): Promise<void> {
  await appendAndWait(ctx, userSessionsStream(event.data.userId), [event], 'any', actor);
}

/**
 * Checks the credentials (and the second factor of an account that has one), the attempt counted
 * first (a 429 when a limit refuses it), and records the sign-in as session `sessionId`. A
 * deactivated account is refused after its password is checked: a wrong one reads as for any
 * account, so only the holder of the right password learns that it is switched off.
 */
export async function logIn(
  ctx: AppContext,
  limiter: LoginLimiter,
  { username, password, code }: LoginInput,
  client: LoginClient,
  sessionId: string,
  actor: Actor,
): Promise<UserRow> {
  const account = normaliseEmail(username);
  await limiter.admit(account, client);
  const user = await findUserByEmail(ctx.db, account);
  if (!user) {
    await limiter.failed(account, client, { userId: null, reason: SIGN_IN_FAILURES.unknownAccount });
    throw new DomainError('unauthenticated', M.accountDoesNotExist);
  }
  if (user.password_hash === null) throw new DomainError('unauthenticated', S.noPasswordOnAccount);
  if (!(await verifyPassword(user.password_hash, password))) {
    await limiter.failed(account, client, { userId: user.id, reason: SIGN_IN_FAILURES.wrongPassword });
    throw new DomainError('unauthenticated', M.wrongPassword);
  }
  if (user.deactivated_at !== null) throw new DomainError('forbidden', M.accountDeactivated);
  const wrongCode = { userId: user.id, reason: SIGN_IN_FAILURES.wrongSecondFactor };
  await proveSecondFactor(ctx, user.id, code, { failed: () => limiter.failed(account, client, wrongCode) }, actor);
  await limiter.succeeded(account, client);
  await startSession(ctx, { userId: user.id, sessionId }, actor);
  return getUser(ctx.db, user.id);
}

/**
 * Records a sign-in, and in the same append ends the account's oldest sessions beyond
 * MAX_SESSIONS_PER_ACCOUNT (each a `UserLoggedOut` naming the limit, so the audit log shows why),
 * all as acts of the account holder.
 */
async function startSession(ctx: AppContext, signIn: AccountEventData['UserLoggedIn'], actor: Actor): Promise<void> {
  const { userId } = signIn;
  const ended = (await sessionsEndedBySignIn(ctx, userId)).map((session): AccountStreamEvent => ({
    type: 'UserLoggedOut',
    data: { userId, ...session, sessionLimit: MAX_SESSIONS_PER_ACCOUNT },
  }));
  const signedIn: AccountStreamEvent = { type: 'UserLoggedIn', data: signIn };
  await appendAndWait(ctx, userSessionsStream(userId), [signedIn, ...ended], 'any', { ...actor, userId });
}

/** Records a single sign-on of the user through the provider `issuer` as session `sessionId` (the person was checked at the edge). */
export async function logInWithSso(
  ctx: AppContext,
  userId: number,
  sessionId: string,
  issuer: string,
  actor: Actor,
): Promise<void> {
  await startSession(ctx, { userId, sessionId, provider: issuer }, actor);
}

/**
 * Ends one sign-in of the user: the tokens of `session` stop working, those of other devices go on.
 * It stays ended until the session's maximum (SESSION_MAX_HOURS after sign-in), past which none of
 * its tokens, renewed or not, is valid anyway.
 */
export async function logOut(ctx: AppContext, userId: number, session: SignInSession, actor: Actor): Promise<void> {
  const sessionExpiresAt = sessionEndIso(session.startedAt, ctx.config.sessionLifetime);
  await appendSessionEvent(ctx, { type: 'UserLoggedOut', data: { userId, sessionId: session.id, sessionExpiresAt } }, actor);
}

/** Ends every sign-in of the user (all tokens issued before now stop working). */
export async function logOutEverywhere(ctx: AppContext, userId: number, actor: Actor): Promise<void> {
  await appendSessionEvent(ctx, { type: 'UserLoggedOutEverywhere', data: { userId } }, actor);
}
