import { erasedValue } from '@tht/contracts';
import { sql } from 'kysely';
import { AS_OF_PREFIX } from 'projections';
import { decideOnAccount } from '../accounts/accounts-commands';
import { forgetCountsNaming } from '../auth/request-limits';
import { erasePersonFromSecurityLog } from '../auth/security-log';
import type { Actor } from '../platform/commands';
import type { AppContext } from '../platform/context';
import { forgetDirectoryUser } from '../scim';
import { findUserById } from './users-queries';

/**
 * Erases a deactivated person's personal data (decision 038): `PersonErased` on their stream (their
 * address released), then their key is deleted, so every personal field of every event reads as
 * erased from now on; the read models were rewritten by the projectors before the append returned.
 * The as-of replays kept aside were made while the key existed: they go, to be replayed when asked.
 * Outside the log, the security log and the request limits name the address: it leaves them too,
 * and the directory's bookkeeping (SCIM) forgets the person's directory id and group memberships.
 */
export async function eraseUser(ctx: AppContext, userId: number, confirmName: string, actor: Actor): Promise<void> {
  const email = (await findUserById(ctx.db, userId))?.email;
  await decideOnAccount(ctx, userId, { type: 'EraseAccount', confirmName }, actor);
  await ctx.personalData.erase(userId);
  await forgetDirectoryUser(ctx, userId);
  await dropAsOfReplays(ctx);
  if (email === undefined) return;
  await erasePersonFromSecurityLog(ctx.pool, userId, email, erasedValue('email', userId));
  await forgetCountsNaming(ctx.db, email);
}

async function dropAsOfReplays(ctx: AppContext): Promise<void> {
  const { rows } = await sql<{ schema: string }>`SELECT nspname AS schema FROM pg_namespace
    WHERE starts_with(nspname, ${AS_OF_PREFIX})`.execute(ctx.db);
  for (const { schema } of rows) await sql`DROP SCHEMA IF EXISTS ${sql.id(schema)} CASCADE`.execute(ctx.db);
}
