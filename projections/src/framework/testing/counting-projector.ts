import type { ProductEventType } from '@tht/contracts';
import { sql, type QueryExecutorProvider } from 'kysely';
import { upsertRows } from '../batch-sql';
import type { AnyProjector, ProjectedEvent } from '../projector';

/**
 * A test projector: counts events per stream and logs every event's position and type (tables
 * `<name>_counts`, `<name>_log`); remembers the positions of every batch it was given. With `failsOn`,
 * throws 'Boom' on an event of that type after writing part of the batch.
 */
export function countingProjector(
  name = 'counting',
  { failsOn }: { failsOn?: ProductEventType } = {},
): AnyProjector & { batches: string[][] } {
  const batches: string[][] = [];
  return {
    name,
    batches,
    async migrate(db: QueryExecutorProvider, schema: string) {
      await sql`CREATE TABLE IF NOT EXISTS ${sql.table(`${schema}.${name}_counts`)} (stream text PRIMARY KEY, count int NOT NULL)`.execute(
        db,
      );
      await sql`CREATE TABLE IF NOT EXISTS ${sql.table(`${schema}.${name}_log`)} (
        position text COLLATE "C" PRIMARY KEY, type text NOT NULL)`.execute(db);
    },
    async project(trx: QueryExecutorProvider, schema: string, events: readonly ProjectedEvent[]) {
      batches.push(events.map((e) => e.globalPosition));
      const counts = await currentCounts(trx, schema, name, events);
      await upsertRows(
        trx,
        schema,
        `${name}_log`,
        events.map((e) => ({ position: e.globalPosition, type: e.type })),
        { types: { position: 'text', type: 'text' }, key: ['position'] },
      );
      if (events.some((e) => e.type === failsOn)) throw new Error('Boom');
      for (const e of events) counts.set(e.streamName, (counts.get(e.streamName) ?? 0) + 1);
      const rows = [...counts].map(([stream, count]) => ({ stream, count }));
      await upsertRows(trx, schema, `${name}_counts`, rows, { types: { stream: 'text', count: 'int4' }, key: ['stream'] });
    },
  };
}

async function currentCounts(trx: QueryExecutorProvider, schema: string, name: string, events: readonly ProjectedEvent[]) {
  const streams = [...new Set(events.map((e) => e.streamName))];
  const { rows } = await sql<{ stream: string; count: number }>`SELECT stream, count FROM ${sql.table(`${schema}.${name}_counts`)}
    WHERE stream = ANY(${streams}::text[])`.execute(trx);
  return new Map(rows.map((row) => [row.stream, row.count]));
}
