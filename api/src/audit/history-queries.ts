import {
  actingUserId,
  AUDIT_MESSAGES as M,
  canManageTargets,
  entryStream,
  evolveSnapshot,
  formFieldStream,
  historyItems,
  isAdmin,
  departmentStream,
  userSessionsStream,
  userStream,
  userTargetAssignmentsStream,
  userTargetStream,
  xapiClientStream,
  yearlyTargetStream,
  type HistoryItem,
  type HistoryRecordKey,
  type Person,
  type Snapshot,
} from '@tht/contracts';
import type { RecordedEvent } from '@tht/eventstore';
import { READ_MODEL_SCHEMA } from 'projections';
import { mayViewDataOf } from '../auth/policy';
import type { AppContext } from '../platform/context';
import { DomainError } from '../platform/decider';

/** Events of several streams merged in the log's order. */
const inLogOrder = (events: RecordedEvent[]) => events.sort((a, b) => (a.globalPosition < b.globalPosition ? -1 : 1));

/**
 * A record's events, oldest first: its own stream; for a person also their sessions stream (their
 * sign-ins and sign-outs, decision 049); for a person's target also the year's bulk assignments
 * that name them (a bulk assignment appends everyone's targets to one stream).
 */
export async function recordEvents(ctx: AppContext, key: HistoryRecordKey): Promise<RecordedEvent[]> {
  switch (key.kind) {
    case 'entries':
      return ctx.store.readStream(entryStream(key.id));
    case 'users': {
      const [account, sessions] = await Promise.all([
        ctx.store.readStream(userStream(key.id)),
        ctx.store.readStream(userSessionsStream(key.id)),
      ]);
      return inLogOrder([...account, ...sessions]);
    }
    case 'departments':
      return ctx.store.readStream(departmentStream(key.id));
    case 'form-fields':
      return ctx.store.readStream(formFieldStream(key.id));
    case 'xapi-clients':
      return ctx.store.readStream(xapiClientStream(key.clientId));
    case 'yearly-targets':
    case 'fiscal-years':
      return ctx.store.readStream(yearlyTargetStream(key.id));
    case 'user-targets': {
      const [own, bulk] = await Promise.all([
        ctx.store.readStream(userTargetStream(key.userId, key.year)),
        ctx.store.readStream(userTargetAssignmentsStream(key.year)),
      ]);
      const theirs = bulk.filter((event) => (event.data as { userId?: number }).userId === key.userId);
      return inLogOrder([...own, ...theirs]);
    }
  }
}

/** Who may read the history: whoever may read the record (by the shared role rules). */
async function mayRead(ctx: AppContext, viewer: Person, key: HistoryRecordKey, events: readonly RecordedEvent[]): Promise<boolean> {
  switch (key.kind) {
    case 'entries':
      return mayViewDataOf(ctx, viewer, (events[0]!.data as { userId: number }).userId);
    case 'users':
      return isAdmin(viewer) || viewer.id === key.id;
    case 'user-targets':
      return canManageTargets(viewer) || viewer.id === key.userId;
    case 'yearly-targets':
      return canManageTargets(viewer);
    default:
      return isAdmin(viewer);
  }
}

/** 404 before 403 only where the record's owner decides (an entry); other kinds answer 403 first. */
export async function recordHistory(ctx: AppContext, viewer: Person, key: HistoryRecordKey): Promise<HistoryItem[]> {
  const ownerDecides = key.kind === 'entries';
  if (!ownerDecides && !(await mayRead(ctx, viewer, key, []))) throw new DomainError('forbidden', M.historyAccessDenied);
  const events = await recordEvents(ctx, key);
  if (events.length === 0) throw new DomainError('not-found', M.recordNotFound);
  if (ownerDecides && !(await mayRead(ctx, viewer, key, events))) throw new DomainError('forbidden', M.historyAccessDenied);
  return historyItems(events, await actorNames(ctx, events));
}

/** Names of the people who acted (`actingUserId`): today's names. */
export async function actorNames(ctx: AppContext, events: readonly RecordedEvent[]): Promise<Map<number, string>> {
  return peopleNames(ctx, events.map(actingUserId));
}

/** Today's names of people: from the users read model, or from their own stream if deleted since. */
export async function peopleNames(ctx: AppContext, people: readonly (number | null)[]): Promise<Map<number, string>> {
  const ids = [...new Set(people.filter((id): id is number => id !== null && Number.isSafeInteger(id)))];
  if (ids.length === 0) return new Map();
  const rows = await ctx.db
    .withSchema(READ_MODEL_SCHEMA)
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name'])
    .where('id', 'in', ids)
    .execute();
  const names = new Map(rows.map((row) => [row.id, `${row.first_name} ${row.last_name}`]));
  for (const id of ids.filter((id) => !names.has(id))) {
    const profile = (await ctx.store.readStream(userStream(id))).reduce<Snapshot>(evolveSnapshot, {});
    if (profile.firstName) names.set(id, `${String(profile.firstName)} ${String(profile.lastName)}`);
  }
  return names;
}
