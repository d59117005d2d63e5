import { AS_OF_PREFIX } from 'projections';
import { sql } from 'kysely';
import { decideOnAccount } from '../accounts/accounts-commands';
import type { Actor } from '../platform/commands';
import type { AppContext } from '../platform/context';

/**
 * Erases a deactivated person's personal data (decision 035d): `PersonErased` on their stream (their
 * address released), then their key is deleted, so every personal field of every event reads as
 * erased from now on; the read models were rewritten by the projectors before the append returned.
 * The as-of replays kept aside were made while the key existed: they go, to be replayed when asked.
 */
export async function eraseUser(ctx: AppContext, userId: number, confirmName: string, actor: Actor): Promise<void> {
  await decideOnAccount(ctx, userId, { type: 'EraseAccount', confirmName }, actor);
  await ctx.personalData.erase(userId);
  await dropAsOfReplays(ctx);
}

async function dropAsOfReplays(ctx: AppContext): Promise<void> {
  const { rows } = await sql<{ schema: string }>`SELECT nspname AS schema FROM pg_namespace
    WHERE starts_with(nspname, ${AS_OF_PREFIX})`.execute(ctx.db);
  for (const { schema } of rows) await sql`DROP SCHEMA IF EXISTS ${sql.id(schema)} CASCADE`.execute(ctx.db);
}
