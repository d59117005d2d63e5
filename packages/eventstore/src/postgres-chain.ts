import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { chainHash, GENESIS_HASH } from './hash-chain';
import type { EventStore, RecordedEvent } from './port';
import { decodePosition, encodePosition, SELECT_EVENT, toRecordedEvent, type EventTuple } from './postgres-positions';
import { EVENTSTORE_SCHEMA as S, ISO_INSTANT, READABLE_BEFORE } from './postgres-schema';

/*
 * The chain is sealed behind the log, not at append time: the global order is only final once
 * earlier transactions have finished (see postgres-positions.ts), so hashing inside an append
 * would either serialise all writers or chain events in an order that can still change. The
 * sealer reads only the final part of the log (the same rule as readAll), hashes it in order and
 * writes the hashes to `eventstore.chain`, one short transaction per batch under an advisory lock
 * (several processes may run a sealer). Appends are untouched. Each link also carries the audit
 * log's keys (time, category, actor), so the log's indexes are kept here, a batch at a time,
 * rather than by every append (postgres-log.ts).
 */

export interface ChainLink {
  /** 1-based place in the chain (the n-th event of the global log). */
  sequence: number;
  globalPosition: string;
  streamName: string;
  type: string;
  hash: string;
}

export interface ChainStatus {
  /** The last sealed event, or null while nothing is sealed. */
  head: ChainLink | null;
  /** Events in the log after the head: appended in the last moments, not sealed yet. */
  unsealed: number;
}

const SEAL_LOCK = "hashtext('tht:seal-chain')";
const LINK_COLUMNS = `sequence::int, lpad(transaction_id::text, 20, '0') || '-' || lpad(position::text, 20, '0'), stream_name, type, encode(hash, 'hex')`;
type LinkTuple = [sequence: number, globalPosition: string, streamName: string, type: string, hash: string];

const toLink = ([sequence, globalPosition, streamName, type, hash]: LinkTuple): ChainLink => ({
  sequence,
  globalPosition,
  streamName,
  type,
  hash,
});

// `chain.sequence`, not `sequence`: a bare name in ORDER BY is the output column `sequence::int`,
// which no index covers (PostgreSQL then sorts the whole chain for every head or page).
const READ_HEAD = `SELECT ${LINK_COLUMNS} FROM ${S}.chain ORDER BY chain.sequence DESC LIMIT 1`;

/*
 * Plain rows, not one json_agg value as readAll reads them: PostgreSQL builds json arrays at a
 * third of the speed it sends rows, and in a verify it is the server that sets the pace (with
 * plain rows its CPU per event fell about 2.5x, the client's rose about 1.2x).
 */
const READ_LINKS = {
  name: 'eventstore-chain-links',
  text: `SELECT ${LINK_COLUMNS} FROM ${S}.chain WHERE sequence > $1 ORDER BY chain.sequence LIMIT $2`,
  rowMode: 'array',
} as const;

/** Events after a position in log order. */
const READ_EVENTS = {
  name: 'eventstore-chain-events',
  text: `SELECT ${SELECT_EVENT} FROM ${S}.events WHERE (transaction_id, position) > ($1::xid8, $2::bigint)
    ORDER BY transaction_id, position LIMIT $3`,
  rowMode: 'array',
} as const;

/**
 * What the sealer chains next: the events after a position that no unfinished transaction can
 * still precede, with their transaction id and position as the chain stores them.
 */
const READ_FINAL_EVENTS = {
  name: 'eventstore-chain-final-events',
  text: `SELECT ${SELECT_EVENT}, transaction_id::text AS transaction_text, position::text AS position_text FROM ${S}.events
    WHERE (transaction_id, position) > ($1::xid8, $2::bigint) AND transaction_id < ${READABLE_BEFORE}
    ORDER BY events.transaction_id, events.position LIMIT $3`,
  rowMode: 'array',
} as const;
type FinalEventTuple = [...EventTuple, transactionId: string, position: string];

/**
 * The new links, with the audit log's keys (postgres-log.ts), as COPY's text rows: PostgreSQL reads
 * them as they come, where an INSERT of unnested arrays first builds and parses the arrays.
 */
const COPY_LINKS = `COPY ${S}.chain (sequence, transaction_id, position, stream_name, type, hash, occurred_at, actor_id) FROM STDIN`;

const COUNT_AFTER = `SELECT count(*)::int AS count FROM ${S}.events WHERE (transaction_id, position) > ($1::xid8, $2::bigint)`;

type Queryable = Pick<pg.Pool | pg.PoolClient, 'query'>;

const START_POSITION = encodePosition('0', '0');

async function readHead(db: Queryable): Promise<ChainLink | null> {
  const { rows } = await db.query<LinkTuple>({ text: READ_HEAD, rowMode: 'array' });
  return rows[0] ? toLink(rows[0]) : null;
}

async function readLinks(db: Queryable, afterSequence: number, limit: number): Promise<ChainLink[]> {
  const { rows } = await db.query<LinkTuple>({ ...READ_LINKS, values: [afterSequence, limit] });
  return rows.map(toLink);
}

async function countAfter(db: Queryable, after: string): Promise<number> {
  const { transactionId, position } = decodePosition(after);
  const { rows } = await db.query<{ count: number }>(COUNT_AFTER, [transactionId, position]);
  return rows[0]!.count;
}

export async function readChainStatus(pool: pg.Pool): Promise<ChainStatus> {
  const head = await readHead(pool);
  return { head, unsealed: await countAfter(pool, head?.globalPosition ?? START_POSITION) };
}

/** Chains the next final events after the head (at most `limit`); returns how many it sealed. */
async function sealBatch(pool: pg.Pool, limit: number): Promise<number> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query(`SELECT pg_advisory_xact_lock(${SEAL_LOCK})`);
    const head = await readHead(client);
    const links = new NewLinks(head?.sequence ?? 0, head?.hash ?? GENESIS_HASH);
    await forEachRow<FinalEventTuple>(client, READ_FINAL_EVENTS, after(head?.globalPosition ?? START_POSITION, limit), (row) =>
      links.add(row),
    );
    if (links.count > 0) await pipeline(Readable.from([links.copyText]), client.query(copyFrom(COPY_LINKS)));
    await client.query('COMMIT');
    return links.count;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

/** The links that chain the next events to the head, as COPY_LINKS's rows. */
class NewLinks {
  copyText = '';
  count = 0;

  constructor(
    private readonly headSequence: number,
    private previousHash: string,
  ) {}

  add([globalPosition, eventId, streamName, streamVersion, type, data, metadata, transactionId, position]: FinalEventTuple): void {
    this.previousHash = chainHash(this.previousHash, { globalPosition, eventId, streamName, streamVersion, type, data, metadata });
    this.count++;
    const occurredAt =
      typeof metadata.occurredAt === 'string' && ISO_INSTANT.test(metadata.occurredAt) ? metadata.occurredAt : null;
    this.copyText +=
      `${this.headSequence + this.count}\t${transactionId}\t${position}\t${copyField(streamName)}\t${copyField(type)}\t` +
      `\\\\x${this.previousHash}\t${copyField(occurredAt)}\t${copyField(metadata.actorId ?? null)}\n`;
  }
}

/** A value in COPY's text format: backslash, tab and line ends escaped; null as `\N`. */
function copyField(value: string | null): string {
  if (value === null) return '\\N';
  return /[\\\t\n\r]/.test(value) ? value.replace(/[\\\t\n\r]/g, (c) => COPY_ESCAPES[c]!) : value;
}
const COPY_ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

const SEAL_BATCH = 2000;

/** Seals everything that is final now; returns how many events it sealed. */
export async function sealChain(pool: pg.Pool, batchSize = SEAL_BATCH): Promise<number> {
  let sealed = 0;
  for (;;) {
    const count = await sealBatch(pool, batchSize);
    sealed += count;
    if (count < batchSize) return sealed;
  }
}

export interface ChainSealer {
  /** Resolves once everything final when it was called is sealed. */
  sealed(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Follows the log like a projector: seals shortly after appends (and on the store's polling
 * safety net), one run at a time. Appends that come within `followDelayMs` of each other are
 * sealed together: under a stream of appends one transaction (and one WAL flush) per few hundred
 * events instead of one per append keeps the sealer's share of the database small.
 */
export function startChainSealer(
  pool: pg.Pool,
  store: EventStore,
  onError: (error: unknown) => void,
  { followDelayMs = 100 }: { followDelayMs?: number } = {},
): ChainSealer {
  let running: Promise<void> = Promise.resolve();
  let queued: Promise<void> | null = null;
  let stopped = false;
  let followTimer: NodeJS.Timeout | null = null;
  const run = (): Promise<void> => {
    if (stopped) return running;
    queued ??= running.then(async () => {
      queued = null;
      if (stopped) return;
      await sealChain(pool).then(() => {}, onError);
    });
    running = queued;
    return queued;
  };
  const follow = () => {
    followTimer ??= setTimeout(() => {
      followTimer = null;
      void run();
    }, followDelayMs);
  };
  const unsubscribe = store.onAppended(follow);
  void run();
  return {
    sealed: run,
    async stop() {
      stopped = true;
      unsubscribe();
      if (followTimer) clearTimeout(followTimer);
      await running;
    },
  };
}

export type VerifyResult =
  | { ok: true; verified: number; head: ChainLink | null; unsealed: number }
  | { ok: false; verified: number; broken: ChainLink & { reason: string } };

export interface VerifyOptions {
  batchSize?: number;
  /** Called after each batch with the events verified so far and the number sealed. */
  onProgress?: (verified: number, total: number) => void;
}

/**
 * Recomputes the chain from the first event, in one consistent snapshot, and compares it with
 * the sealed hashes; stops at the first link that no longer holds.
 *
 * Two connections share the snapshot: one reads the next page of links while the other streams
 * this page's events, each hashed as its row arrives (a page of parsed events held at once kept
 * the garbage collector busier than the hashing).
 */
export async function verifyChain(pool: pg.Pool, { batchSize = 10_000, onProgress }: VerifyOptions = {}): Promise<VerifyResult> {
  const links = await pool.connect();
  const events = await pool.connect().catch((error: unknown) => {
    links.release();
    throw error;
  });
  try {
    await links.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const { rows } = await links.query<{ snapshot: string }>('SELECT pg_export_snapshot() AS snapshot');
    await events.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    await events.query(`SET TRANSACTION SNAPSHOT ${events.escapeLiteral(rows[0]!.snapshot)}`);
    const result = await verifyInSnapshot(links, events, batchSize, onProgress);
    await events.query('COMMIT');
    await links.query('COMMIT');
    links.release();
    events.release();
    return result;
  } catch (error) {
    links.release(true); // mid-transaction: not for reuse
    events.release(true);
    throw error;
  }
}

async function verifyInSnapshot(
  links: pg.PoolClient,
  events: pg.PoolClient,
  batchSize: number,
  onProgress: VerifyOptions['onProgress'],
): Promise<VerifyResult> {
  const total = (await readHead(links))?.sequence ?? 0;
  const chain = new ChainCheck();
  let nextPage = readLinks(links, 0, batchSize);
  for (let page = await nextPage; page.length > 0; page = await nextPage) {
    nextPage = readLinks(links, page.at(-1)!.sequence, batchSize);
    nextPage.catch(() => {}); // awaited on the next turn, unless the chain broke here
    let i = 0;
    const from = after(chain.previous?.globalPosition ?? START_POSITION, page.length);
    await forEachRow<EventTuple>(events, READ_EVENTS, from, (row) => {
      if (!chain.broken) chain.check(page[i++]!, toRecordedEvent(row));
    });
    while (i < page.length && !chain.broken) chain.check(page[i++]!, undefined);
    if (chain.broken) return { ok: false, verified: chain.previous?.sequence ?? 0, broken: chain.broken };
    onProgress?.(chain.previous!.sequence, total);
  }
  const unsealed = await countAfter(links, chain.previous?.globalPosition ?? START_POSITION);
  return { ok: true, verified: chain.previous?.sequence ?? 0, head: chain.previous, unsealed };
}

/** Walks the chain link by link along the log. */
class ChainCheck {
  previous: ChainLink | null = null;
  broken: (ChainLink & { reason: string }) | null = null;
  private previousHash = GENESIS_HASH;

  /** Checks the next link against the next event of the log (undefined: the log has no more). */
  check(link: ChainLink, event: RecordedEvent | undefined): void {
    const reason = brokenLink(link, event, this.previous) ?? this.rehash(link, event!);
    if (reason) this.broken = { ...link, reason };
    else this.previous = link;
  }

  private rehash(link: ChainLink, event: RecordedEvent): string | null {
    this.previousHash = chainHash(this.previousHash, event);
    return this.previousHash === link.hash ? null : 'the event was changed after it was sealed';
  }
}

/** Streams the rows of a query to `onRow` as they arrive, none kept (a page of parsed events held at once costs the collector dearly). */
function forEachRow<Row extends pg.QueryResultRow>(
  db: Queryable,
  query: { name: string; text: string; rowMode: 'array' },
  values: unknown[],
  onRow: (row: Row) => void,
): Promise<void> {
  const rows = new pg.Query<Row>({ ...query, values });
  let failure: unknown;
  rows.on('row', (row) => {
    try {
      if (failure === undefined) onRow(row);
    } catch (error) {
      failure = error; // thrown inside the driver's socket handler it would break the connection
    }
  });
  const done = new Promise<void>((resolve, reject) => {
    rows.on('end', () => (failure === undefined ? resolve() : reject(failure as Error)));
    rows.on('error', reject);
  });
  void db.query(rows);
  return done;
}

/** Values for a query of the events after a position: its transaction id and position, and a limit. */
function after(globalPosition: string, limit: number): unknown[] {
  const { transactionId, position } = decodePosition(globalPosition);
  return [transactionId, position, limit];
}

function brokenLink(link: ChainLink, event: RecordedEvent | undefined, previous: ChainLink | null): string | null {
  if (link.sequence !== (previous?.sequence ?? 0) + 1) return `the chain itself lacks event ${(previous?.sequence ?? 0) + 1}`;
  if (!event) return 'the event sealed there is missing from the log';
  if (event.globalPosition !== link.globalPosition) {
    return `the event sealed there is missing or moved (the log has ${event.type} of ${event.streamName} at ${event.globalPosition} instead)`;
  }
  return null;
}

/** One line of the verification report, as the CLI prints it. */
export function describeVerification(result: VerifyResult): string {
  if (result.ok) {
    const head = result.head ? `head ${result.head.hash} at position ${result.head.globalPosition}` : 'no events sealed yet';
    return `verified ${result.verified} events, ${head}; ${result.unsealed} recent events not sealed yet`;
  }
  const { sequence, globalPosition, streamName, type, reason } = result.broken;
  return `chain broken at position ${globalPosition} (event ${sequence}): stream ${streamName}, type ${type}: ${reason}`;
}

export interface ExportedEvent extends Omit<RecordedEvent, 'globalPosition'> {
  sequence: number;
  position: string;
  previousHash: string;
  hash: string;
}

const EXPORT_BATCH = `SELECT coalesce(json_agg(json_build_array(sequence::int, chain_hash, ${SELECT_EVENT}) ORDER BY sequence), '[]')
  FROM (SELECT c.sequence, encode(c.hash, 'hex') AS chain_hash, e.* FROM ${S}.chain AS c
    JOIN ${S}.events AS e ON (e.transaction_id, e.position) = (c.transaction_id, c.position)
    WHERE c.sequence > $1 AND c.sequence <= $2 ORDER BY c.sequence LIMIT $3) AS batch`;

const READ_HASH = `SELECT encode(hash, 'hex') AS hash FROM ${S}.chain WHERE sequence = $1`;

/** The sealed events `from`..`to` (1-based chain sequences, inclusive) with their hashes, in chain order. */
export async function* exportChain(pool: pg.Pool, from: number, to: number, batchSize = 2000): AsyncGenerator<ExportedEvent> {
  const { rows } = await pool.query<{ hash: string }>(READ_HASH, [from - 1]);
  let previousHash = rows[0]?.hash ?? GENESIS_HASH;
  let after = from - 1;
  for (;;) {
    const { rows: batch } = await pool.query<[Array<[number, string, ...EventTuple]>]>({
      text: EXPORT_BATCH,
      values: [after, to, batchSize],
      rowMode: 'array',
    });
    const tuples = batch[0]![0];
    for (const [sequence, hash, ...tuple] of tuples) {
      const { globalPosition, ...event } = toRecordedEvent(tuple);
      yield { sequence, position: globalPosition, ...event, previousHash, hash };
      previousHash = hash;
      after = sequence;
    }
    if (tuples.length === 0) return;
  }
}
