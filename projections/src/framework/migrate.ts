import { sql, type Kysely } from 'kysely';
import { migrateCheckpoints } from './checkpoints';
import type { AnyProjector } from './projector';
import { READ_MODEL_SCHEMA } from './schema';

/**
 * Creates the read-model schema, the checkpoint table and the tables of `projectors` (idempotent;
 * serialised across processes, so the API and a projections service may start together).
 */
export async function migrateReadModels<Tables>(
  db: Kysely<Tables>,
  projectors: readonly AnyProjector[],
  schema: string = READ_MODEL_SCHEMA,
): Promise<void> {
  await db.connection().execute(async (connection) => {
    await sql`SELECT pg_advisory_lock(hashtext('tht:migrate-read-models'))`.execute(connection);
    try {
      await sql`CREATE SCHEMA IF NOT EXISTS ${sql.id(schema)}`.execute(connection);
      for (const projector of projectors) await projector.migrate(connection, schema);
      await migrateCheckpoints(connection, schema, projectors);
    } finally {
      await sql`SELECT pg_advisory_unlock(hashtext('tht:migrate-read-models'))`.execute(connection);
    }
  });
}
