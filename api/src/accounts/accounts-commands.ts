import { ACCOUNT_MESSAGES as M, userStream, type SsoIdentity } from '@tht/contracts';
import type { UserRow } from 'projections';
import type { Actor } from '../platform/commands';
import type { AppContext } from '../platform/context';
import { handleCommand } from '../platform/handle-command';
import { appendClaiming } from '../platform/name-claims';
import { EMAIL_RESERVATION, reservationHolder } from '../platform/reservations';
import { getUser } from '../users/users-queries';
import { accountDecider, emailClaimOf, type AccountCommand } from './accounts-decider';
import { logInWithSso } from './session-commands';

/**
 * Decides on `userId`'s account; the e-mail address a change takes is held on its reservation
 * stream around the append, and the one it gives up is freed after.
 */
export function decideOnAccount(ctx: AppContext, userId: number, command: AccountCommand, actor: Actor) {
  const emails = reservationHolder(ctx, EMAIL_RESERVATION, userId, actor, () => M.accountAlreadyExists);
  return handleCommand(ctx, accountDecider, {
    stream: userStream(userId),
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

const isLinkedTo = (user: UserRow, { issuer, subject }: SsoIdentity) => user.sso_issuer === issuer && user.sso_subject === subject;

/**
 * A single sign-on of the person `identity` names to their account (found by its e-mail): linked to
 * the identity the first time (a decision on the account's stream, refused for an account linked
 * to someone else at that provider), or claimed by them when its address was never proven (its
 * password removed, its sessions ended); then signed in as session `sessionId`, unless the claimed
 * account waits for its owner to choose department and manager (`placement_required`: nobody is
 * signed in). The password of a proven account, if it has one, stays as it is.
 */
export async function signInWithSso(
  ctx: AppContext,
  user: UserRow,
  identity: SsoIdentity,
  sessionId: string,
  actor: Actor,
): Promise<UserRow> {
  if (!isLinkedTo(user, identity) || !user.email_proven) {
    await decideOnAccount(ctx, user.id, { type: 'LinkSsoIdentity', identity }, actor);
  }
  const linked = await getUser(ctx.db, user.id);
  if (linked.placement_required) return linked;
  await logInWithSso(ctx, user.id, sessionId, identity.issuer, actor);
  return getUser(ctx.db, user.id);
}
