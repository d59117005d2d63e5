import { isEventOf } from '@tht/contracts';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { ProjectedEvent, Projector } from '../framework/projector';

export interface DepartmentRow {
  id: number;
  name: string;
  created_at: Date | string;
  /** Version of the `department-<id>` stream this row reflects. */
  version: number;
}

export interface DepartmentsTables {
  departments: DepartmentRow;
}

type DepartmentEvent = ProjectedEvent<'DepartmentCreated' | 'DepartmentRenamed' | 'DepartmentDeleted'>;

const isDepartmentEvent = isEventOf('DepartmentCreated', 'DepartmentRenamed', 'DepartmentDeleted');

async function migrate(db: Kysely<DepartmentsTables>, schema: string): Promise<void> {
  const departments = sql.table(`${schema}.departments`);
  await sql`CREATE TABLE IF NOT EXISTS ${departments} (
    id integer PRIMARY KEY,
    name text NOT NULL,
    created_at timestamptz NOT NULL,
    version integer NOT NULL
  )`.execute(db);
  await sql`CREATE INDEX IF NOT EXISTS departments_lower_name_idx ON ${departments} (lower(name))`.execute(db);
}

/** Departments change rarely (a handful of events in a whole log), so one statement per event is enough. */
async function apply(trx: Transaction<DepartmentsTables>, schema: string, event: DepartmentEvent): Promise<void> {
  const table = trx.withSchema(schema);
  switch (event.type) {
    case 'DepartmentCreated':
      await table
        .insertInto('departments')
        .values({
          id: event.data.departmentId,
          name: event.data.name,
          created_at: event.metadata.occurredAt,
          version: event.streamVersion,
        })
        .execute();
      return;
    case 'DepartmentRenamed':
      await table
        .updateTable('departments')
        .set({ name: event.data.name, version: event.streamVersion })
        .where('id', '=', event.data.departmentId)
        .execute();
      return;
    case 'DepartmentDeleted':
      await table.deleteFrom('departments').where('id', '=', event.data.departmentId).execute();
      return;
  }
}

export const departmentsProjector: Projector<DepartmentsTables> = {
  name: 'departments',
  migrate,
  async project(trx, schema, events) {
    for (const event of events) {
      if (isDepartmentEvent(event)) await apply(trx, schema, event);
    }
  },
};
