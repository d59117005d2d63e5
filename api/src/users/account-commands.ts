import { ACCOUNT_MESSAGES as M, userStream } from '@tht/contracts';
import type { UserRow } from 'projections';
import type { Actor } from '../platform/commands';
import type { AppContext } from '../platform/context';
import { handleCommand } from '../platform/handle-command';
import { appendClaiming } from '../platform/name-claims';
import { EMAIL_RESERVATION, reservationHolder } from '../platform/reservations';
import { accountDecider, emailClaimOf, type AccountCommand } from './account-decider';
import { readAccountStream } from './account-stream';
import { getUser } from './users-queries';

/**
 * Decides on `userId`'s account; the e-mail address a change takes is held on its reservation
 * stream around the append, and the one it gives up is freed after.
 */
export function decideOnAccount(ctx: AppContext, userId: number, command: AccountCommand, actor: Actor) {
  const emails = reservationHolder(ctx, EMAIL_RESERVATION, userId, actor, () => M.accountAlreadyExists);
  return handleCommand(ctx, accountDecider, {
    stream: userStream(userId),
    read: readAccountStream,
    command,
    actor,
    aroundAppend: ([event], state, append) => appendClaiming(emails, emailClaimOf(event, state), append),
  });
}

/** Opens a new account's stream (its e-mail address held on its reservation stream). */
export async function openAccount(
  ctx: AppContext,
  command: Extract<AccountCommand, { type: 'OpenAccount' | 'OpenSsoAccount' }>,
  actor: Actor,
): Promise<UserRow> {
  await decideOnAccount(ctx, command.userId, command, actor);
  return getUser(ctx.db, command.userId);
}
