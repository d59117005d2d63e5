/**
 * Rebuild speed of the entries projector: `npx tsx projections/src/entries/bench-entries-projector.ts [events] [batch]`.
 * Replays a synthetic history (entries logged, 10% edited, some deleted, and every
 * PROFILE_CHANGE_EVERY-th event (default 100; 0 for none) a new manager and department for an
 * owner, which rewrites all their entries) into a fresh schema in batches, as a rebuild does, and
 * prints events/s.
 */
import type { EntryDetails, ProductEvent } from '@tht/contracts';
import type { ProjectedEvent } from '../framework/projector';
import { syntheticEvent } from '../framework/testing/recorded-events';
import { createDb } from '@tht/postgres';
import { createTestDatabase } from '@tht/postgres/testing';
import { sql } from 'kysely';
import type { ReadModelTables } from '../read-model-tables';
import { entriesProjector } from './entries-projector';

const TOTAL = Number(process.argv[2] ?? 200_000);
const BATCH = Number(process.argv[3] ?? 1_000);
const USERS = 1_000;
const PROFILE_CHANGE_EVERY = Number(process.env.PROFILE_CHANGE_EVERY ?? 100);

function details(index: number): EntryDetails {
  return {
    trainingName: `Course ${index % 50}`,
    date: `${2023 + (index % 3)}-${String(1 + (index % 12)).padStart(2, '0')}-${String(1 + (index % 28)).padStart(2, '0')}`,
    firstName: 'First',
    lastName: 'Last',
    managerName: 'Manager',
    department: 'Engineering',
    hours: String(0.25 * (1 + (index % 32))),
    notes: index % 3 === 0 ? 'Notes about the course and what was learned.' : '',
    rating: index % 6,
    beInnovative: index % 7 === 0,
    trainingType: index % 2 === 0 ? 'internal' : 'external',
    courseGivenBy: 'Academy',
    customFields: index % 5 === 0 ? { venue: 'Online' } : {},
  };
}

function syntheticHistory(): ProjectedEvent[] {
  const events: ProjectedEvent[] = [];
  const logged: number[] = [];
  const push = (event: ProductEvent, streamName: string) => events.push(syntheticEvent(event, events.length, streamName));
  for (let i = 0; events.length < TOTAL; i++) {
    const userId = 1 + (i % USERS);
    if (PROFILE_CHANGE_EVERY > 0 && i % PROFILE_CHANGE_EVERY === PROFILE_CHANGE_EVERY - 1) {
      push(
        { type: 'UserUpdated', data: { userId, changes: { managerName: `Manager ${i}`, department: `Department ${i % 10}` } } },
        `user-${userId}`,
      );
    } else if (i % 10 === 8 && logged.length > 0) {
      const entryId = logged[(i * 7919) % logged.length]!;
      push({ type: 'EntryEdited', data: { entryId, userId: 1 + ((entryId - 1) % USERS), ...details(i) } }, `entry-${entryId}`);
    } else if (i % 40 === 39 && logged.length > 0) {
      const entryId = logged.splice((i * 104_729) % logged.length, 1)[0]!;
      push({ type: 'EntryDeleted', data: { entryId, userId: 1 + ((entryId - 1) % USERS) } }, `entry-${entryId}`);
    } else {
      const entryId = i + 1;
      logged.push(entryId);
      push({ type: 'EntryLogged', data: { entryId, userId: 1 + ((entryId - 1) % USERS), ...details(i) } }, `entry-${entryId}`);
    }
  }
  return events;
}

const database = await createTestDatabase();
const db = createDb<ReadModelTables>(database.pool);
try {
  const schema = 'bench_read_models';
  await sql`CREATE SCHEMA ${sql.id(schema)}`.execute(database.db);
  await entriesProjector.migrate(db, schema);
  const events = syntheticHistory();
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  for (let start = 0; start < events.length; start += BATCH) {
    const batch = events.slice(start, start + BATCH);
    await db.transaction().execute((trx) => entriesProjector.project(trx, schema, batch));
  }
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  const { rows } = await sql<{ count: number }>`SELECT count(*)::int AS count FROM ${sql.table(`${schema}.entries`)}`.execute(
    database.db,
  );
  console.log(
    `entries projector: ${events.length} events in batches of ${BATCH} (${rows[0]!.count} entries at the end): ` +
      `${seconds.toFixed(2)} s, ${Math.round(events.length / seconds)} events/s ` +
      `(this process used ${((cpu.user + cpu.system) / 1e6).toFixed(2)} s of CPU; the rest is PostgreSQL and waiting)`,
  );
} finally {
  await database.drop();
}
