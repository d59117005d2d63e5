import { effectiveTargetHours, TARGET_MESSAGES as M, type UserTarget, type YearlyTarget } from '@tht/contracts';
import { READ_MODEL_SCHEMA, type ReadModelDb, type UserTargetRow, type YearlyTargetRow } from 'projections';
import type { AuthUser } from '../auth/auth-user';
import { canViewOrganisationData } from '../auth/policy';
import { DomainError } from '../platform/decider';

const readModels = (db: ReadModelDb) => db.withSchema(READ_MODEL_SCHEMA);

/** The sources of a person's target of a year, as `targetSourcesSql` selects them. */
export interface TargetSourceColumns {
  own_target: number | null;
  yearly_target: number | null;
  total_users: number;
}

/**
 * SQL for the sources of the target of each users row `u` in the year `yearParam` (e.g. '$1'):
 * `columns` selects own_target, yearly_target and total_users, reading the `join` (user_targets as `ut`).
 */
export function targetSourcesSql(yearParam: string) {
  return {
    columns: `ut.target_hours AS own_target,
    (SELECT target_hours FROM ${READ_MODEL_SCHEMA}.yearly_targets WHERE year = ${yearParam} ORDER BY id LIMIT 1) AS yearly_target,
    (SELECT count(*)::int FROM ${READ_MODEL_SCHEMA}.users WHERE deactivated_at IS NULL) AS total_users`,
    join: `LEFT JOIN ${READ_MODEL_SCHEMA}.user_targets ut ON ut.user_id = u.id AND ut.year = ${yearParam}`,
  };
}

/** A person's target hours from those sources (the contracts' rule). */
export function targetHoursOf(row: TargetSourceColumns): number {
  return effectiveTargetHours({
    userTargetHours: row.own_target,
    yearlyTargetHours: row.yearly_target,
    totalUsers: row.total_users,
  });
}
const iso = (value: Date | string) => new Date(value).toISOString();

function toYearlyTarget(row: YearlyTargetRow): YearlyTarget {
  return {
    id: row.id,
    year: row.year,
    targetHours: Number(row.target_hours),
    description: row.description,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

function toUserTarget(row: UserTargetRow): UserTarget {
  return {
    id: row.id,
    userId: row.user_id,
    year: row.year,
    targetHours: Number(row.target_hours),
    reason: row.reason,
    setBy: row.set_by,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

/** Yearly targets, which are also the fiscal years: the latest year first. */
export async function listYearlyTargets(db: ReadModelDb): Promise<YearlyTarget[]> {
  const rows = await readModels(db).selectFrom('yearly_targets').selectAll().orderBy('year', 'desc').execute();
  return rows.map(toYearlyTarget);
}

export async function getYearlyTarget(db: ReadModelDb, year: number): Promise<YearlyTarget> {
  const row = await readModels(db).selectFrom('yearly_targets').selectAll().where('year', '=', year).executeTakeFirst();
  if (!row) throw new DomainError('not-found', M.yearlyTargetNotFound(year));
  return toYearlyTarget(row);
}

/**
 * The user targets `viewer` may see, of one year or all: everyone's for HR, SMT and admins,
 * otherwise their own and their direct reports' (the rule of `canViewDataOf`). Sorted by user.
 */
export async function listUserTargets(db: ReadModelDb, viewer: AuthUser, year?: number): Promise<UserTarget[]> {
  let query = readModels(db).selectFrom('user_targets').selectAll();
  if (year !== undefined) query = query.where('year', '=', year);
  if (!canViewOrganisationData(viewer)) {
    const reports = readModels(db).selectFrom('users').select('id').where('manager_id', '=', viewer.id);
    query = query.where((eb) => eb.or([eb('user_id', '=', viewer.id), eb('user_id', 'in', reports)]));
  }
  const rows = await query.orderBy('user_id').orderBy('year').execute();
  return rows.map(toUserTarget);
}

export async function getUserTarget(db: ReadModelDb, userId: number, year: number): Promise<UserTarget> {
  const row = await readModels(db)
    .selectFrom('user_targets')
    .selectAll()
    .where('user_id', '=', userId)
    .where('year', '=', year)
    .executeTakeFirst();
  if (!row) throw new DomainError('not-found', M.userTargetNotFound(year));
  return toUserTarget(row);
}
