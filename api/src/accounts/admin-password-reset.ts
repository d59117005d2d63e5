import { isAdmin, normaliseEmail, resetLinkFor, SSO_MESSAGES as S } from '@tht/contracts';
import { OperatorRefusal } from '../platform/command-line';
import { systemActor } from '../platform/commands';
import type { AppContext } from '../platform/context';
import { findUserByEmail } from '../users';
import { passwordSignInAllowed } from './accounts-sign-in';
import { issuePasswordReset } from './password-commands';

/** The operator's command, run on the server, that makes a reset link for an administrator. */
export const RESET_ADMIN_PASSWORD_COMMAND = 'npm run reset-admin-password --';

/** The log's line where, without SMTP_URL, a visitor's request for an administrator's link is left unanswered. */
export const adminLinkNotLogged = (email: string) =>
  `No password reset link for the administrator ${email}: without SMTP_URL an administrator's link is never logged. ` +
  `The operator makes one on the server: ${RESET_ADMIN_PASSWORD_COMMAND} ${email}`;

/**
 * A reset link (valid 15 minutes, works once) for the administrator `email`, for the operator to
 * open or hand over: decided on the account's stream like any reset request, recorded as the
 * operator's (the system's, not a visitor's). Other accounts get theirs by e-mail or from an
 * administrator.
 */
export async function issueAdminResetLink(ctx: AppContext, email: string): Promise<string> {
  const user = await findUserByEmail(ctx.db, normaliseEmail(email));
  if (!user) throw new OperatorRefusal(`No account has the e-mail address ${email}`);
  if (!isAdmin(user)) {
    throw new OperatorRefusal(
      `${user.email} is not an administrator: its owner asks for a link on the sign-in page, or an administrator makes one in the admin panel`,
    );
  }
  if (!passwordSignInAllowed(ctx.config, user.email)) throw new OperatorRefusal(S.passwordSignInOff);
  const token = await issuePasswordReset(ctx, user.id, systemActor(), true);
  return resetLinkFor(ctx.config.publicUrl, token);
}
