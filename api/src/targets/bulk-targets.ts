import { type bulkTargetSchema, userTargetAssignmentsStream, type BulkTargetResult, type UserTargetFields } from '@tht/contracts';
import { READ_MODEL_SCHEMA, type ReadModelDb } from 'projections';
import type { Actor } from '../platform/commands';
import type { AppContext } from '../platform/context';
import { handleCommand, loadState } from '../platform/handle-command';
import { bulkTargetHours, bulkTargetsDecider, peopleWithoutTarget, type AssignTargets } from './bulk-targets-decider';

const readModels = (db: ReadModelDb) => db.withSchema(READ_MODEL_SCHEMA);

async function accountIds(db: ReadModelDb): Promise<number[]> {
  const rows = await readModels(db)
    .selectFrom('users')
    .select('id')
    .where('deactivated_at', 'is', null)
    .orderBy('last_name')
    .orderBy('first_name')
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id);
}

async function targetsOfYear(db: ReadModelDb, year: number): Promise<Map<number, UserTargetFields>> {
  const rows = await readModels(db).selectFrom('user_targets').selectAll().where('year', '=', year).execute();
  return new Map(
    rows.map((row) => [
      row.user_id,
      {
        userTargetId: row.id,
        userId: row.user_id,
        year: row.year,
        targetHours: Number(row.target_hours),
        reason: row.reason,
        setBy: row.set_by,
      },
    ]),
  );
}

async function yearlyTargetHours(db: ReadModelDb, year: number): Promise<number | null> {
  const row = await readModels(db).selectFrom('yearly_targets').select('target_hours').where('year', '=', year).executeTakeFirst();
  return row ? Number(row.target_hours) : null;
}

type BulkTargetRequest = ReturnType<typeof bulkTargetSchema.parse>;

/**
 * Sets one target for many people of a year (or every active account) as ONE append to the year's
 * assignment stream, so either every person gets it or nobody does. Who exists and who already
 * has a target is read from the read models (which include every answered command); the stream's
 * version serialises two assignments of one year (the second gets 409).
 */
export async function assignTargetsInBulk(ctx: AppContext, request: BulkTargetRequest, actor: Actor): Promise<BulkTargetResult> {
  const { year, reason } = request;
  const stream = userTargetAssignmentsStream(year);
  const [accounts, currentTargets, yearly, state] = await Promise.all([
    accountIds(ctx.db),
    targetsOfYear(ctx.db, year),
    yearlyTargetHours(ctx.db, year),
    loadState(ctx, bulkTargetsDecider, stream),
  ]);
  const known = {
    year,
    reason,
    targetHours: request.targetHours,
    userIds: request.userIds,
    setBy: actor.userId,
    accounts,
    currentTargets,
  };
  const missing = peopleWithoutTarget(known, state);
  const newTargetIds = await Promise.all(missing.map(() => ctx.ids.next('userTarget')));
  const command: AssignTargets = { ...known, yearlyTargetHours: yearly, newTargetIds };
  const { events } = await handleCommand(ctx, bulkTargetsDecider, { stream, command, actor });
  const created = events.filter((event) => event.type === 'UserTargetCreated').length;
  const employees = request.userIds ? new Set(request.userIds).size : accounts.length;
  return {
    year,
    targetHours: bulkTargetHours(command, state),
    reason,
    employees,
    created,
    updated: events.length - created,
    unchanged: employees - events.length,
  };
}
