/**
 * Rebuild speed of the users projector: `npx tsx projections/src/users/bench-users-projector.ts [events] [batch]`.
 * Replays a synthetic accounts history (registrations, sign-ins, profile and password changes, a
 * few department renames) into a fresh schema in batches, as a rebuild does, and prints events/s.
 */
import type { AccountEvent } from '@tht/contracts';
import type { ProjectedEvent } from '../framework/projector';
import { syntheticEvent } from '../framework/testing/recorded-events';
import { createDb } from '@tht/postgres';
import { createTestDatabase } from '@tht/postgres/testing';
import { sql } from 'kysely';
import type { ReadModelTables } from '../read-model-tables';
import { usersProjector } from './users-projector';

const TOTAL = Number(process.argv[2] ?? 50_000);
const BATCH = Number(process.argv[3] ?? 1_000);
const USERS = Math.max(1, Math.round(TOTAL / 10));

function syntheticHistory(): ProjectedEvent[] {
  const versions = new Map<number, number>();
  const events: ProjectedEvent[] = [];
  const push = (event: AccountEvent, userId: number) => {
    const streamVersion = (versions.get(userId) ?? -1) + 1;
    versions.set(userId, streamVersion);
    events.push(syntheticEvent(event, events.length, `user-${userId}`, streamVersion));
  };
  for (let id = 1; id <= USERS; id++) {
    const managerId = id > 10 ? 1 + (id % 10) : null;
    push(
      {
        type: 'UserRegistered',
        data: {
          userId: id,
          email: `user${id}@example.com`,
          firstName: `First${id}`,
          lastName: `Last${id}`,
          role: 'employee',
          managerId,
          managerName: managerId ? `First${managerId} Last${managerId}` : null,
          department: `Department ${id % 20}`,
          passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNo',
        },
      },
      id,
    );
  }
  for (let i = 0; events.length < TOTAL; i++) {
    const userId = 1 + ((i * 7919) % USERS);
    if (i % 10_000 === 9_999) {
      const n = i % 20;
      push({ type: 'DepartmentRenamed', data: { departmentId: n, name: `Department ${n}b`, previousName: `Department ${n}` } }, 0);
    } else if (i % 8 === 0) {
      push({ type: 'UserUpdated', data: { userId, changes: { department: `Department ${i % 20}` } } }, userId);
    } else if (i % 8 === 1) {
      push({ type: 'PasswordChanged', data: { userId, passwordHash: `$argon2id$changed-${i}` } }, userId);
    } else {
      push({ type: 'UserLoggedIn', data: { userId } }, userId);
    }
  }
  return events;
}

const database = await createTestDatabase();
const db = createDb<ReadModelTables>(database.pool);
try {
  const schema = 'bench_read_models';
  await sql`CREATE SCHEMA ${sql.id(schema)}`.execute(database.db);
  await usersProjector.migrate(db, schema);
  const events = syntheticHistory();
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  for (let start = 0; start < events.length; start += BATCH) {
    const batch = events.slice(start, start + BATCH);
    await db.transaction().execute((trx) => usersProjector.project(trx, schema, batch));
  }
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  console.log(
    `users projector: ${events.length} events (${USERS} users) in batches of ${BATCH}: ` +
      `${seconds.toFixed(2)} s, ${Math.round(events.length / seconds)} events/s ` +
      `(this process used ${((cpu.user + cpu.system) / 1e6).toFixed(2)} s of CPU; the rest is PostgreSQL and waiting)`,
  );
} finally {
  await database.drop();
}
