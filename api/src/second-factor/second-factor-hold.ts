import { secondFactorStream, type Role } from '@tht/contracts';
import type { AppContext } from '../platform/context';
import { loadState } from '../platform/handle-command';
import { secondFactorDecider, type SecondFactorState } from './second-factor-decider';

/** The account's second factor as its stream tells it now. */
export const loadSecondFactor = (ctx: AppContext, userId: number): Promise<SecondFactorState> =>
  loadState(ctx, secondFactorDecider, secondFactorStream(userId));

/**
 * Accounts seen with a second factor, and when: with ADMIN_MFA=required an administrator cannot
 * turn it off, so a request of one seen lately needs no read of the stream. An entry is trusted a
 * minute: a demoted user may turn it off, and the operator may reset it, in another process.
 */
const seenEnrolled = new WeakMap<AppContext, Map<number, number>>();
const TRUSTED_FOR_MS = 60_000;

function enrolmentsSeen(ctx: AppContext): Map<number, number> {
  let seen = seenEnrolled.get(ctx);
  if (!seen) {
    seen = new Map();
    seenEnrolled.set(ctx, seen);
  }
  return seen;
}

/** This process saw the account's second factor on (turned on, or in use), or off. */
export function noteSecondFactor(ctx: AppContext, userId: number, enabled: boolean): void {
  if (enabled) enrolmentsSeen(ctx).set(userId, Date.now());
  else enrolmentsSeen(ctx).delete(userId);
}

async function hasSecondFactor(ctx: AppContext, userId: number): Promise<boolean> {
  const seenAt = enrolmentsSeen(ctx).get(userId);
  if (seenAt !== undefined && Date.now() - seenAt < TRUSTED_FOR_MS) return true;
  const { enabled } = await loadSecondFactor(ctx, userId);
  noteSecondFactor(ctx, userId, enabled);
  return enabled;
}

/** Whether ADMIN_MFA=required applies to this sign-in: an administrator's, with a password (single sign-on is never asked). */
export const secondFactorRequiredFor = (ctx: AppContext, signIn: { role: Role; sso: boolean }) =>
  ctx.config.adminMfa === 'required' && signIn.role === 'admin' && !signIn.sso;

/**
 * An administrator signed in with a password while ADMIN_MFA=required, and without a second
 * factor yet: held (403) on every route but the set-up ones, the current user and signing out.
 */
export async function secondFactorSetupPending(
  ctx: AppContext,
  signIn: { id: number; role: Role; sso: boolean },
): Promise<boolean> {
  return secondFactorRequiredFor(ctx, signIn) && !(await hasSecondFactor(ctx, signIn.id));
}
