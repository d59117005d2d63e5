import { createHash, randomBytes } from 'node:crypto';
import {
  EMAIL_CONFIRMATION_MESSAGES as C,
  EMAIL_CONFIRMATION_TTL_MS,
  confirmationTokenUserId,
  emailConfirmationLinkFor,
  type EmailConfirmedResponse,
} from '@tht/contracts';
import type { Response } from 'express';
import type { UserRow } from 'projections';
import { createMailSender, mailOrLogLink, type Mail } from '../mail';
import type { Actor } from '../platform/commands';
import type { AppContext } from '../platform/context';
import { DomainError } from '../platform/decider';
import { decideOnAccount, type EmailConfirmationToken } from '../users';

const TTL_HOURS = EMAIL_CONFIRMATION_TTL_MS / 3_600_000;

/** Confirmation secrets are stored (in events) only as this hash. */
const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');

/** A new confirmation link's secret (mailed) and what the account's stream keeps of it (its hash, its expiry). */
export interface NewEmailConfirmation {
  secret: string;
  stored: EmailConfirmationToken;
}

export function newEmailConfirmation(now: Date): NewEmailConfirmation {
  const secret = randomBytes(32).toString('hex');
  const expiresAt = new Date(now.getTime() + EMAIL_CONFIRMATION_TTL_MS).toISOString();
  return { secret, stored: { confirmationHash: hashSecret(secret), expiresAt } };
}

function confirmationMail(email: string, link: string): Mail {
  return {
    to: email,
    subject: 'Confirm your Training Hours Tracker e-mail address',
    text: [
      `Someone registered the Training Hours Tracker account ${email} with a password.`,
      '',
      `If it was you, confirm that this address is yours by opening this link within ${TTL_HOURS} hours:`,
      link,
      '',
      'The link works once. If you did not register, do not open it: when you first sign in with your',
      "organisation's account, the account becomes yours and its password stops working.",
    ].join('\n'),
  };
}

/**
 * Mails the link of a confirmation issued at `user`'s registration once the answer is sent (or,
 * without SMTP_URL, logs it for the operator), so the answer waits for no mail server.
 */
export function emailConfirmationSender(ctx: AppContext) {
  const mail = createMailSender(ctx.config);
  return (res: Response, user: UserRow, { secret }: NewEmailConfirmation): void => {
    const url = emailConfirmationLinkFor(ctx.config.publicUrl, `${user.id}.${secret}`);
    res.once('close', () => {
      ctx.afterAnswer.run(() =>
        mailOrLogLink(mail, ctx.log, confirmationMail(user.email, url), { what: 'E-mail confirmation link', url }).catch(
          (error: unknown) => ctx.log.error(`Sending the e-mail confirmation link for ${user.email} failed`, error),
        ),
      );
    });
  };
}

/** Proves the account's address with the token of its confirmation link (`<user id>.<secret>`): once, before it expires. */
export async function confirmEmail(ctx: AppContext, token: string, actor: Actor): Promise<EmailConfirmedResponse> {
  const userId = confirmationTokenUserId(token);
  if (userId === null) throw new DomainError('invalid', C.invalidLink);
  const confirmationHash = hashSecret(token.slice(token.indexOf('.') + 1));
  const command = { type: 'ConfirmEmail', confirmationHash, now: ctx.now().toISOString() } as const;
  await decideOnAccount(ctx, userId, command, actor);
  return { message: C.confirmed };
}
