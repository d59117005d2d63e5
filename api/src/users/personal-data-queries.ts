import { actingUserId, entryStream } from '@tht/contracts';
import { READ_MODEL_SCHEMA } from 'projections';
import { peopleNames, recordEvents } from '../audit';
import { readFailedSignInsOf } from '../auth/security-log';
import type { AppContext } from '../platform/context';
import type { PersonalDataFacts } from './personal-data';
import { findUserById } from './users-queries';

/** The ids of the person's entries and targets, from the read models. */
async function recordsOf(ctx: AppContext, personId: number) {
  const readModels = ctx.db.withSchema(READ_MODEL_SCHEMA);
  const [entries, targets] = await Promise.all([
    readModels.selectFrom('entries').select('id').where('user_id', '=', personId).orderBy('date').orderBy('id').execute(),
    readModels.selectFrom('user_targets').select(['id', 'year']).where('user_id', '=', personId).orderBy('year').execute(),
  ]);
  return { entries, targets };
}

/**
 * Everything held about the person, read for `personalDataDocument`: their account's row and
 * streams (the account's and their sessions'), each entry's and target's events, their failed sign-ins, and the names of whoever acted.
 */
export async function personalDataFacts(ctx: AppContext, personId: number, exportedBy: number): Promise<PersonalDataFacts> {
  const [accountEvents, account, records, failed] = await Promise.all([
    recordEvents(ctx, { kind: 'users', id: personId }),
    findUserById(ctx.db, personId),
    recordsOf(ctx, personId),
    readFailedSignInsOf(ctx.pool, personId),
  ]);
  const [entries, targets] = await Promise.all([
    Promise.all(records.entries.map(async ({ id }) => ({ id, events: await ctx.store.readStream(entryStream(id)) }))),
    Promise.all(
      records.targets.map(async ({ id, year }) => ({
        id,
        year,
        events: await recordEvents(ctx, { kind: 'user-targets', userId: personId, year }),
      })),
    ),
  ]);
  const everyEvent = [...accountEvents, ...entries.flatMap(({ events }) => events), ...targets.flatMap(({ events }) => events)];
  return {
    personId,
    exportedAt: ctx.now().toISOString(),
    exportedBy,
    account: account ?? null,
    accountEvents,
    entries,
    targets,
    failedSignIns: failed.map(({ occurred_at, detail, client }) => ({ at: occurred_at.toISOString(), reason: detail, client })),
    names: await peopleNames(ctx, [exportedBy, ...everyEvent.map(actingUserId)]),
  };
}
