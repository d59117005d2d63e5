import type { AccountEvent } from '@tht/contracts';
import type { ProjectedEvent } from '../framework/projector';
import { createTestDatabase, type TestDatabase } from '@tht/postgres/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { departmentsProjector, type DepartmentRow } from './departments-projector';

let database: TestDatabase;

function history(): ProjectedEvent[] {
  const versions = new Map<number, number>();
  const events: AccountEvent[] = [
    { type: 'DepartmentCreated', data: { departmentId: 1, name: 'Engineering' } },
    { type: 'DepartmentCreated', data: { departmentId: 2, name: 'Sales' } },
    { type: 'DepartmentRenamed', data: { departmentId: 1, name: 'R&D', previousName: 'Engineering' } },
    { type: 'DepartmentCreated', data: { departmentId: 3, name: 'Legal' } },
    { type: 'DepartmentDeleted', data: { departmentId: 2, name: 'Sales' } },
    { type: 'UserLoggedIn', data: { userId: 9 } },
  ];
  return events.map((event, index) => {
    const id = 'departmentId' in event.data ? event.data.departmentId : 0;
    const streamVersion = (versions.get(id) ?? -1) + 1;
    versions.set(id, streamVersion);
    return {
      ...event,
      metadata: { actorId: null, correlationId: 'test', occurredAt: `2026-01-0${index + 1}T08:00:00.000Z`, schemaVersion: 1 },
      eventId: `event-${index}`,
      streamName: `department-${id}`,
      streamVersion,
      globalPosition: String(index + 1).padStart(20, '0'),
    };
  });
}

async function projectInto(schema: string, batches: ProjectedEvent[][]): Promise<DepartmentRow[]> {
  await sql`CREATE SCHEMA ${sql.id(schema)}`.execute(database.db);
  await departmentsProjector.migrate(database.db, schema);
  for (const batch of batches) {
    await database.db.transaction().execute((trx) => departmentsProjector.project(trx, schema, batch));
  }
  return (await database.db.withSchema(schema).selectFrom('departments').selectAll().orderBy('id').execute()) as DepartmentRow[];
}

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(() => database?.drop());

describe('departmentsProjector', () => {
  it('creates, renames and deletes departments, whatever the batching', async () => {
    const events = history();
    const together = await projectInto('together', [events]);
    expect(together.map((row) => [row.id, row.name, new Date(row.created_at).toISOString(), row.version])).toEqual([
      [1, 'R&D', '2026-01-01T08:00:00.000Z', 1],
      [3, 'Legal', '2026-01-04T08:00:00.000Z', 0],
    ]);
    expect(
      await projectInto(
        'one_by_one',
        events.map((event) => [event]),
      ),
    ).toEqual(together);
  });
});
