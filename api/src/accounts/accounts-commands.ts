import type { SsoIdentity } from '@tht/contracts';
import type { UserRow } from 'projections';
import type { Actor } from '../platform/commands';
import type { AppContext } from '../platform/context';
import { decideOnAccount, getUser } from '../users';
import { logInWithSso } from './session-commands';

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
