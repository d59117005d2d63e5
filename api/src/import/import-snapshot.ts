import type { ReadModelDb, UserRow } from 'projections';
import { READ_MODEL_SCHEMA } from 'projections';
import { listDepartments } from '../departments';
import { loadCustomFieldDefinitions } from '../form-fields';
import type { AppContext } from '../platform/context';
import { userTargetKey, type InstanceSnapshot, type KnownUser } from './plan/instance-snapshot';

type KnownUserColumns = Pick<UserRow, 'id' | 'role' | 'first_name' | 'last_name' | 'manager_name' | 'department'>;

/** A users row as an import's rows are checked against it. */
export function knownUserOf(row: KnownUserColumns): KnownUser {
  return {
    id: row.id,
    role: row.role,
    firstName: row.first_name,
    lastName: row.last_name,
    managerName: row.manager_name ?? '',
    department: row.department,
  };
}

async function knownUsers(db: ReadModelDb): Promise<Map<string, KnownUser>> {
  const rows = await db
    .withSchema(READ_MODEL_SCHEMA)
    .selectFrom('users')
    .select(['id', 'email', 'role', 'first_name', 'last_name', 'manager_name', 'department'])
    .execute();
  return new Map(rows.map((row) => [row.email, knownUserOf(row)]));
}

async function targetKeys(db: ReadModelDb): Promise<{ fiscalYears: Set<number>; userTargets: Set<string> }> {
  const schema = db.withSchema(READ_MODEL_SCHEMA);
  const [years, targets] = await Promise.all([
    schema.selectFrom('yearly_targets').select('year').execute(),
    schema.selectFrom('user_targets').select(['user_id', 'year']).execute(),
  ]);
  return {
    fiscalYears: new Set(years.map((row) => row.year)),
    userTargets: new Set(targets.map((row) => userTargetKey(row.user_id, row.year))),
  };
}

/** What the instance holds now that an import's rows are checked against. */
export async function loadInstanceSnapshot(ctx: AppContext): Promise<InstanceSnapshot> {
  const [usersByEmail, departments, formFields, targets] = await Promise.all([
    knownUsers(ctx.db),
    listDepartments(ctx.db),
    loadCustomFieldDefinitions(ctx.db),
    targetKeys(ctx.db),
  ]);
  return {
    orgEmailDomain: ctx.config.orgEmailDomain,
    usersByEmail,
    departments: new Map(departments.map((department) => [department.name.toLowerCase(), department.name])),
    formFields,
    ...targets,
  };
}
