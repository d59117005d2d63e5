import { sql } from 'kysely';
import { allProjectors } from '../all-projectors';
import { migrateCheckpoints } from './checkpoints';
import type { Projector } from './projector';
import { READ_MODEL_SCHEMA } from './schema';
import type { ReadModelDb } from '../read-model-tables';

/**
 * Creates the read-model schema, the checkpoint table and every projector's tables (idempotent;
 * serialised across processes, so the API and a projections service may start together).
 */
export async function migrateReadModels(
  db: ReadModelDb,
  projectors: readonly Projector[] = allProjectors,
  schema: string = READ_MODEL_SCHEMA,
): Promise<void> {
  await db.connection().execute(async (connection) => {
    await sql`SELECT pg_advisory_lock(hashtext('tht:migrate-read-models'))`.execute(connection);
    try {
      await sql`CREATE SCHEMA IF NOT EXISTS ${sql.id(schema)}`.execute(connection);
      for (const projector of projectors) await projector.migrate(connection, schema);
      await migrateCheckpoints(
        connection,
        schema,
        projectors.map((projector) => projector.name),
      );
    } finally {
      await sql`SELECT pg_advisory_unlock(hashtext('tht:migrate-read-models'))`.execute(connection);
    }
  });
}
