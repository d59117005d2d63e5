import { normaliseEmail, type CurrentUserResponse, type LoginResponse } from '@tht/contracts';
import type { Request, Response } from 'express';
import type { UserRow } from 'projections';
import { epochSeconds } from '../auth/session-lifetime';
import { setAuthCookie, signAuthToken } from '../auth/tokens';
import type { AppConfig } from '../config';
import type { AppContext } from '../platform/context';
import { secondFactorSetupPending } from '../second-factor';
import { currentUserResponse } from '../users';

/** How a session began: its id, whether through the organisation's provider (no password used), and when. */
export interface SessionStart {
  id: string;
  sso: boolean;
  /** ISO timestamp of the sign-in (the session ends SESSION_MAX_HOURS after it); absent: now. */
  startedAt?: string;
}

/** Whether `email` may sign in with a password: anyone, unless PASSWORD_LOGIN=false leaves only the start-up admin. */
export function passwordSignInAllowed(config: Pick<AppConfig, 'passwordLogin' | 'startupAdmin'>, email: string): boolean {
  return config.passwordLogin || normaliseEmail(email) === config.startupAdmin?.email;
}

/**
 * The signed-in user as the current-user call answers: a pending password change holds back a
 * password sign-in only, and the password counts when the account has one it may sign in with;
 * an administrator ADMIN_MFA=required holds is told to set up a second factor first.
 */
export async function currentUserOf(
  ctx: AppContext,
  user: UserRow,
  session: Pick<SessionStart, 'sso'>,
): Promise<CurrentUserResponse> {
  const setUpPending = await secondFactorSetupPending(ctx, { id: user.id, role: user.role, sso: session.sso });
  const response = await currentUserResponse(ctx.db, user, {
    requiresPasswordChange: user.first_login_required && !session.sso,
    passwordSignIn: user.password_hash !== null && passwordSignInAllowed(ctx.config, user.email),
  });
  return setUpPending ? { ...response, secondFactorSetupRequired: true } : response;
}

/** Signs the user in on this response, in session `session`: the token goes into the body and an httpOnly cookie. */
export async function signIn(
  ctx: AppContext,
  req: Request,
  res: Response,
  user: UserRow,
  session: SessionStart,
): Promise<LoginResponse> {
  const signedInAt = session.startedAt === undefined ? undefined : epochSeconds(Date.parse(session.startedAt));
  const issued = signAuthToken(user, { id: session.id, sso: session.sso, signedInAt }, ctx.config);
  setAuthCookie(req, res, issued);
  return { authToken: issued.token, ...(await currentUserOf(ctx, user, session)) };
}
