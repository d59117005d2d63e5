import type pg from 'pg';
import { toNewEvents, type SampleAppend } from '../../projections/src/framework/testing/sample-history';

/**
 * Seeding is not what is measured, and 200,000 appends one by one take minutes on two shared
 * cores: the history goes into the event store's tables directly, in the rows the PostgreSQL
 * adapter writes (10,000 events per transaction, in order), streams' versions included.
 */
export async function seedHistory(pool: pg.Pool, appends: readonly SampleAppend[]): Promise<void> {
  const rows = appends.flatMap((append, index) =>
    toNewEvents(append.events, new Date(Date.UTC(2026, 0, 5) + index * 60_000)).map((event) => ({ stream: append.stream, event })),
  );
  const versions = new Map<string, number>();
  for (let start = 0; start < rows.length; start += 10_000) {
    const chunk = rows.slice(start, start + 10_000).map(({ stream, event }) => {
      const version = (versions.get(stream) ?? -1) + 1;
      versions.set(stream, version);
      return { stream, version, event };
    });
    await pool.query(
      `INSERT INTO eventstore.events (event_id, stream_name, stream_version, type, data, metadata)
       SELECT gen_random_uuid(), e.stream, e.version, e.type, e.data, e.metadata
       FROM unnest($1::text[], $2::int[], $3::text[], $4::json[], $5::json[]) WITH ORDINALITY AS e(stream, version, type, data, metadata, ord)
       ORDER BY e.ord`,
      [
        chunk.map((row) => row.stream),
        chunk.map((row) => row.version),
        chunk.map((row) => row.event.type),
        chunk.map((row) => JSON.stringify(row.event.data)),
        chunk.map((row) => JSON.stringify(row.event.metadata)),
      ],
    );
  }
  await pool.query(`INSERT INTO eventstore.streams (stream_name, version) SELECT * FROM unnest($1::text[], $2::int[])`, [
    [...versions.keys()],
    [...versions.values()],
  ]);
}
