import { normaliseEmail } from '@tht/contracts';
import type { UserRow } from 'projections';
import { hashPassword } from '../auth/passwords';
import { systemActor } from '../platform/commands';
import type { AppContext } from '../platform/context';
import { isRefusal, refusalStatus } from '../platform/http';
import { openAccount, type NewAccount } from '../users';

/**
 * With ADMIN_EMAIL and ADMIN_PASSWORD set and an empty event store, creates that admin (not forced
 * to change the password). The admin has no manager and no department yet; both can be set later
 * in the profile. Returns the created admin, or null when nothing was done.
 */
export async function ensureStartupAdmin(ctx: AppContext): Promise<UserRow | null> {
  const settings = ctx.config.startupAdmin;
  if (!settings) return null;
  const { events } = await ctx.store.readAll(null, 1);
  if (events.length > 0) return null;
  const account: NewAccount = {
    email: normaliseEmail(settings.email),
    firstName: 'System',
    lastName: 'Administrator',
    role: 'admin',
    // An empty store has no other account and no departments yet: the department stays empty.
    emailTaken: false,
    department: { found: true, name: '' },
    manager: null,
  };
  const origin = { registered: false, firstLoginRequired: false } as const;
  const command = {
    type: 'OpenAccount',
    userId: await ctx.ids.next('user'),
    account,
    origin,
    passwordHash: await hashPassword(settings.password),
  } as const;
  try {
    return await openAccount(ctx, command, systemActor());
  } catch (error) {
    // Another instance starting at the same moment created the admin first.
    if (isRefusal(error) && refusalStatus(error) === 409) return null;
    throw error;
  }
}
