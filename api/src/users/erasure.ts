import { erasedValue } from '@tht/contracts';
import { forgetCountsNaming } from '../auth/request-limits';
import { erasePersonFromSecurityLog } from '../auth/security-log';
import type { Actor } from '../platform/commands';
import type { AppContext } from '../platform/context';
import { decideOnAccount } from './account-commands';
import { findUserById } from './users-queries';

/** Forgets what a feature keeps of a person outside the event log (their directory id, replays made with their key, ...). */
export type ForgetPerson = (userId: number) => Promise<void>;

declare module '../platform/context' {
  interface AppContext {
    /** Each feature's way to forget an erased person outside the log, run in order after their key is gone (wired in runtime.ts). */
    forgetPerson: readonly ForgetPerson[];
  }
}

/**
 * Erases a deactivated person's personal data (decision 038): `PersonErased` on their stream (their
 * address released), then their key is deleted, so every personal field of every event reads as
 * erased from now on; the read models were rewritten by the projectors before the append returned.
 * The as-of replays kept aside were made while the key existed: they go, to be replayed when asked.
 * Outside the log, the security log and the request limits name the address: it leaves them too,
 * and each feature that keeps something of the person forgets it (`ctx.forgetPerson`).
 */
export async function eraseUser(ctx: AppContext, userId: number, confirmName: string, actor: Actor): Promise<void> {
  const email = (await findUserById(ctx.db, userId))?.email;
  await decideOnAccount(ctx, userId, { type: 'EraseAccount', confirmName }, actor);
  await ctx.personalData.erase(userId);
  for (const forget of ctx.forgetPerson) await forget(userId);
  if (email === undefined) return;
  await erasePersonFromSecurityLog(ctx.pool, userId, email, erasedValue('email', userId));
  await forgetCountsNaming(ctx.db, email);
}
