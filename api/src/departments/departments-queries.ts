import { ACCOUNT_MESSAGES as M, type Department } from '@tht/contracts';
import { sql } from 'kysely';
import { READ_MODEL_SCHEMA, type DepartmentRow, type ReadModelDb } from 'projections';
import { DomainError } from '../platform/decider';

const departments = (db: ReadModelDb) => db.withSchema(READ_MODEL_SCHEMA).selectFrom('departments');

export function toDepartment(row: DepartmentRow): Department {
  return { id: row.id, name: row.name, createdAt: new Date(row.created_at).toISOString() };
}

/** Sorted by name, ignoring case. */
export async function listDepartments(db: ReadModelDb): Promise<DepartmentRow[]> {
  return departments(db)
    .selectAll()
    .orderBy(sql`lower(name)`)
    .orderBy('name')
    .execute();
}

export async function getDepartment(db: ReadModelDb, id: number): Promise<DepartmentRow> {
  const row = await departments(db).selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new DomainError('not-found', M.departmentNotFound);
  return row;
}

export async function findDepartmentByName(db: ReadModelDb, name: string): Promise<DepartmentRow | undefined> {
  return departments(db)
    .selectAll()
    .where(sql<string>`lower(name)`, '=', name.trim().toLowerCase())
    .executeTakeFirst();
}

export async function countUsersInDepartment(db: ReadModelDb, name: string): Promise<number> {
  const { count } = await db
    .withSchema(READ_MODEL_SCHEMA)
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('department', '=', name)
    .executeTakeFirstOrThrow();
  return Number(count);
}
