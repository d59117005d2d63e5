import {
  ACCOUNT_MESSAGES as M,
  PASSWORD_RESET_MESSAGES as R,
  RESET_TOKEN_TTL_MS,
  isAdmin,
  normaliseEmail,
  resetLinkFor,
  resetRequestSchema,
  SSO_MESSAGES as S,
  type PasswordResetResponse,
  type ResetRequestedResponse,
} from '@tht/contracts';
import type { Request, Response } from 'express';
import type { AuthUser } from '../auth/auth-user';
import { clientAddressKey, consumeAll, requestCounter } from '../auth/request-limits';
import { authenticate } from '../auth/require-auth';
import { createMailSender, mailOrLogLink, type Mail } from '../mail';
import { actorOf, type Actor } from '../platform/commands';
import type { AppContext } from '../platform/context';
import { DomainError } from '../platform/decider';
import { HttpError, parseWith } from '../platform/http';
import { findUserByEmail } from '../users';
import { RESET_REQUESTS_PER_ACCOUNT, RESET_REQUESTS_PER_ADDRESS } from './account-request-limits';
import { adminLinkNotLogged } from './admin-password-reset';
import { issuePasswordReset } from './password-commands';
import { passwordSignInAllowed } from './accounts-sign-in';

const RESET_TTL_MINUTES = RESET_TOKEN_TTL_MS / 60_000;

function resetMail(email: string, link: string, token: string): Mail {
  return {
    to: email,
    subject: 'Reset your Training Hours Tracker password',
    text: [
      `Someone asked to reset the password of the Training Hours Tracker account ${email}.`,
      '',
      `To choose a new password, open this link within ${RESET_TTL_MINUTES} minutes:`,
      link,
      '',
      'Or enter this key on the reset page:',
      token,
      '',
      'The link works once. If you did not ask for it, ignore this e-mail: your password stays as it is.',
    ].join('\n'),
  };
}

/** An administrator (signed in, not bound to change their own password) asking for someone else's link. */
const isHelpdeskRequest = (requester: AuthUser | null, email: string): requester is AuthUser =>
  requester !== null && isAdmin(requester) && !requester.firstLoginRequired && requester.email !== email;

/**
 * POST /api/reset-password. For one's own account, an unknown one, or when signed out: counted per
 * client address and per requested address, then the same answer whatever the account, and only
 * after the answer is sent the link goes to the account's e-mail address (or, without SMTP_URL, to
 * the server log for the operator to relay, except an administrator's: no link is made, and the
 * log says the operator's command instead): neither the answer nor its timing tells whether the
 * account exists, and the link reaches only its owner. An administrator asking for another,
 * non-admin account gets the link in the answer, to hand over.
 */
export function resetRequestHandler(ctx: AppContext): (req: Request, res: Response) => Promise<void> {
  const mail = createMailSender(ctx.config);
  const perAddress = requestCounter(ctx.pool, RESET_REQUESTS_PER_ADDRESS);
  const perAccount = requestCounter(ctx.pool, RESET_REQUESTS_PER_ACCOUNT);
  const linkFor = (token: string) => resetLinkFor(ctx.config.publicUrl, token);

  /** The link for an administrator to hand over; null for an admin's account, whose link goes by e-mail alone. */
  async function handOver(email: string, actor: Actor): Promise<PasswordResetResponse | null> {
    const user = await findUserByEmail(ctx.db, email);
    if (!user) throw new HttpError(404, M.accountDoesNotExist);
    if (isAdmin(user)) return null;
    if (!passwordSignInAllowed(ctx.config, user.email)) throw new HttpError(403, S.passwordSignInOff);
    const resetToken = await issuePasswordReset(ctx, user.id, actor);
    return { message: R.linkIssued, resetToken, resetLink: linkFor(resetToken) };
  }

  async function sendToOwner(email: string, actor: Actor): Promise<void> {
    const user = await findUserByEmail(ctx.db, email);
    if (!user) return;
    if (!passwordSignInAllowed(ctx.config, user.email)) {
      ctx.log.info(`No password reset link for ${user.email}: password sign-in is turned off (PASSWORD_LOGIN=false)`);
      return;
    }
    if (!mail && isAdmin(user)) {
      ctx.log.warn(adminLinkNotLogged(user.email));
      return;
    }
    const token = await issuePasswordReset(ctx, user.id, actor);
    await mailOrLogLink(mail, ctx.log, resetMail(user.email, linkFor(token), token), {
      what: 'Password reset link',
      url: linkFor(token),
    });
  }

  function sendAfterAnswer(res: Response, email: string, actor: Actor): void {
    res.once('close', () => {
      ctx.afterAnswer.run(() =>
        sendToOwner(email, actor).catch((error: unknown) => {
          if (error instanceof DomainError) ctx.log.info(`No password reset link for ${email}: ${error.message}`);
          else ctx.log.error(`Sending the password reset link for ${email} failed`, error);
        }),
      );
    });
  }

  return async (req: Request, res: Response) => {
    const email = normaliseEmail(parseWith(resetRequestSchema, req.body).username);
    const requester = await authenticate(ctx, req, res);
    const actor = { ...actorOf(req), userId: requester?.id ?? null };
    const handedOver = isHelpdeskRequest(requester, email) ? await handOver(email, actor) : null;
    if (handedOver) {
      res.json(handedOver);
      return;
    }
    const client = clientAddressKey(req);
    await consumeAll(
      [
        { counter: perAddress, key: client },
        { counter: perAccount, key: email },
      ],
      { client, account: email },
    );
    sendAfterAnswer(res, email, actor);
    const answer: ResetRequestedResponse = { message: R.linkOnItsWay, mailConfigured: mail !== null };
    res.json(answer);
  };
}
