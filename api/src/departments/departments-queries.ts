import { ACCOUNT_MESSAGES as M, type Department } from '@tht/contracts';
import { sql, type Kysely } from 'kysely';
import { READ_MODEL_SCHEMA, type DepartmentRow } from 'projections';
import { HttpError } from '../platform/http';

const departments = (db: Kysely<any>) => db.withSchema(READ_MODEL_SCHEMA).selectFrom('departments');

export function toDepartment(row: DepartmentRow): Department {
  return { id: row.id, name: row.name, createdAt: new Date(row.created_at).toISOString() };
}

/** Sorted by name, ignoring case. */
export async function listDepartments(db: Kysely<any>): Promise<DepartmentRow[]> {
  return (await departments(db)
    .selectAll()
    .orderBy(sql`lower(name)`)
    .orderBy('name')
    .execute()) as DepartmentRow[];
}

export async function getDepartment(db: Kysely<any>, id: number): Promise<DepartmentRow> {
  const row = (await departments(db).selectAll().where('id', '=', id).executeTakeFirst()) as DepartmentRow | undefined;
  if (!row) throw new HttpError(404, M.departmentNotFound);
  return row;
}

export async function findDepartmentByName(db: Kysely<any>, name: string): Promise<DepartmentRow | undefined> {
  return (await departments(db)
    .selectAll()
    .where(sql`lower(name)`, '=', name.trim().toLowerCase())
    .executeTakeFirst()) as DepartmentRow | undefined;
}

/** The department's name as stored (a user's department is matched ignoring case), or a 400. */
export async function existingDepartmentName(db: Kysely<any>, name: string): Promise<string> {
  const department = await findDepartmentByName(db, name);
  if (!department) throw new HttpError(400, M.unknownDepartment(name));
  return department.name;
}

export async function countUsersInDepartment(db: Kysely<any>, name: string): Promise<number> {
  const { count } = (await db
    .withSchema(READ_MODEL_SCHEMA)
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('department', '=', name)
    .executeTakeFirstOrThrow()) as { count: string };
  return Number(count);
}
