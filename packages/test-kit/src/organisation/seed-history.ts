import { historyEvents, type HistoryAppend } from './history';

const CHUNK = 10_000;

const HISTORY_START = new Date(Date.UTC(2026, 0, 5));
/** When the append at `index` of a seeded history happened, by default: one a minute from 5 January 2026. */
const minuteApart = (index: number) => new Date(HISTORY_START.getTime() + index * 60_000);

/** What is needed of a `pg.Pool` (the kit does not depend on the driver). */
interface Queryable {
  query(text: string, values: unknown[]): Promise<unknown>;
}

/** How the product stores what it appends (the kit does not depend on the event store): by default as generated. */
export interface StoredForm {
  /** The events' data as stored (personal values sealed with their owners' keys), in their order. */
  data(events: readonly { type: string; data: unknown }[]): Promise<unknown[]>;
  /** The name a stream is stored under (one that holds an address, hashed). */
  streamName(stream: string): Promise<string>;
}

export interface SeedHistoryOptions {
  /** When the append at an index happened (default: one a minute from 5 January 2026). */
  timeOf?: (index: number) => Date;
  storedForm?: StoredForm;
}

/**
 * Seeding is not what is measured, and 200,000 appends one by one take minutes on two shared
 * cores: the history goes into the event store's tables directly, in the rows the PostgreSQL
 * adapter writes (10,000 events per transaction, in order; one chunk is inserted while the next
 * is generated), streams' versions included. The appends are read as they come (a generator of
 * millions need not be held in memory); `timeOf` dates each append's events, `storedForm` writes
 * them as the product stores them (each chunk sealed while the previous one is inserted). Returns
 * how many events it wrote. The rows are not chained: `sealChain` of @tht/eventstore (or the
 * product's sealer) seals them.
 */
export async function seedHistory(
  pool: Queryable,
  appends: Iterable<HistoryAppend>,
  { timeOf = minuteApart, storedForm }: SeedHistoryOptions = {},
): Promise<number> {
  const versions = new Map<string, number>();
  let chunk: { stream: string; version: number; event: ReturnType<typeof historyEvents>[number] }[] = [];
  let written = 0;
  /** The previous chunk's insert, still running while the next chunk is generated. */
  let inserting: Promise<unknown> = Promise.resolve();
  const flush = async () => {
    const rows = chunk;
    chunk = [];
    const data = storedForm ? await storedForm.data(rows.map((row) => row.event)) : rows.map((row) => row.event.data);
    await inserting;
    inserting = pool.query(
      `INSERT INTO eventstore.events (event_id, stream_name, stream_version, type, data, metadata)
       SELECT gen_random_uuid(), e.stream, e.version, e.type, e.data, e.metadata
       FROM unnest($1::text[], $2::int[], $3::text[], $4::json[], $5::json[]) WITH ORDINALITY AS e(stream, version, type, data, metadata, ord)
       ORDER BY e.ord`,
      [
        rows.map((row) => row.stream),
        rows.map((row) => row.version),
        rows.map((row) => row.event.type),
        data.map((value) => JSON.stringify(value)),
        rows.map((row) => JSON.stringify(row.event.metadata)),
      ],
    );
    inserting.catch(() => {}); // awaited before the next insert or at the end
    written += rows.length;
  };
  let index = 0;
  for (const append of appends) {
    const stream = storedForm ? await storedForm.streamName(append.stream) : append.stream;
    for (const event of historyEvents(append.events, timeOf(index))) {
      const version = (versions.get(stream) ?? -1) + 1;
      versions.set(stream, version);
      chunk.push({ stream, version, event });
      if (chunk.length === CHUNK) await flush();
    }
    index += 1;
  }
  if (chunk.length > 0) await flush();
  await inserting;
  const streams = [...versions];
  for (let start = 0; start < streams.length; start += 100_000) {
    const part = streams.slice(start, start + 100_000);
    await pool.query(`INSERT INTO eventstore.streams (stream_name, version) SELECT * FROM unnest($1::text[], $2::int[])`, [
      part.map(([stream]) => stream),
      part.map(([, version]) => version),
    ]);
  }
  return written;
}
