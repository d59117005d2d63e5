import type pg from 'pg';
import type { PersonalData } from './personal-data';
import { readChainStatus, sealChain, type ChainLink } from './postgres-chain';
import { recordLogUpgrade, EVENTSTORE_SCHEMA as S } from './postgres-schema';

/*
 * The upgrade of a log written before personal data was sealed (decision 038): once, at the first
 * start of this release, under the sealer's lock, every stored event's personal fields are
 * encrypted in place and the `email-<address>` streams renamed; ids, positions, stream versions,
 * types and metadata stay. The chain's head before is recorded in `eventstore.chain_reseals`, the
 * chain is dropped and sealed again from the first event, and the new hash at the old head's
 * sequence is recorded beside it: an export made before still verifies on its own and ends at the
 * recorded head; `npm run verify` prints the record.
 */

const UPGRADE = 'personal-data-sealed';
const SEAL_LOCK = "hashtext('tht:seal-chain')";
const BATCH = 2000;

export interface ChainReseal {
  resealedAt: Date;
  reason: string;
  eventsRewritten: number;
  previous: { sequence: number; position: string; hash: string };
  /** The new chain's hash at the previous head's sequence (null until sealed again). */
  newHash: string | null;
}

type StoredRow = [transactionId: string, position: string, streamName: string, type: string, data: unknown];

/**
 * The product's say, before a batch of old events is sealed, on whose their personal values are:
 * each event's data, with ids added that the personal-data map reads as owners (an old entry's
 * manager name, written before the entry recorded the account it names). Returns the data in the
 * events' order; data returned unchanged is sealed as it was.
 */
export type AttributeOwners = (events: readonly { type: string; data: unknown }[]) => Promise<unknown[]>;

export interface LogUpgradeOptions {
  attributeOwners?: AttributeOwners;
  /** Told the events read so far after each batch (an empty log: never). */
  onProgress?: (eventsRead: number) => void;
}

/** The events after a position in log order, with what the upgrade rewrites. */
const READ_BATCH = {
  name: 'eventstore-upgrade-events',
  text: `SELECT transaction_id::text, position::text, stream_name, type, data FROM ${S}.events
    WHERE (transaction_id, position) > ($1::xid8, $2::bigint) ORDER BY transaction_id, position LIMIT $3`,
  rowMode: 'array',
} as const;

const REWRITE = `UPDATE ${S}.events AS e SET data = u.data::json, stream_name = u.stream_name
  FROM unnest($1::xid8[], $2::bigint[], $3::text[], $4::text[]) AS u(transaction_id, position, data, stream_name)
  WHERE (e.transaction_id, e.position) = (u.transaction_id, u.position)`;

/** Rewrites one batch's events whose sealed form differs; returns how many. */
async function rewriteBatch(
  client: pg.PoolClient,
  personal: PersonalData,
  rows: readonly StoredRow[],
  { attributeOwners }: LogUpgradeOptions,
): Promise<number> {
  const stored = rows.map(([, , , type, data]) => ({ type, data }));
  const attributed = attributeOwners ? await attributeOwners(stored) : stored.map(({ data }) => data);
  const sealed = await personal.sealStored(stored.map(({ type }, index) => ({ type, data: attributed[index] })));
  const columns: [string[], string[], string[], string[]] = [[], [], [], []];
  for (const [index, [transactionId, position, streamName, , data]] of rows.entries()) {
    const text = JSON.stringify(sealed[index]!.data);
    const name = await personal.storedStreamName(streamName);
    if (text === JSON.stringify(data) && name === streamName) continue;
    columns[0].push(transactionId);
    columns[1].push(position);
    columns[2].push(text);
    columns[3].push(name);
  }
  if (columns[0].length > 0) await client.query(REWRITE, columns);
  return columns[0].length;
}

/** Renames the reservation streams whose names hold an address. */
async function renameStreams(client: pg.PoolClient, personal: PersonalData): Promise<void> {
  const { rows } = await client.query<{ stream_name: string }>(
    `SELECT stream_name FROM ${S}.streams WHERE stream_name LIKE 'email-%'`,
  );
  for (const { stream_name: name } of rows) {
    const stored = await personal.storedStreamName(name);
    if (stored !== name) await client.query(`UPDATE ${S}.streams SET stream_name = $2 WHERE stream_name = $1`, [name, stored]);
  }
}

/**
 * Seals the personal data of a log written in clear, once (see the file header), each batch's
 * owners first attributed by `options.attributeOwners` when given; returns the reseal it
 * recorded, or null when there was nothing to do (done before, or nothing in clear).
 */
export async function sealPersonalDataOfLog(
  pool: pg.Pool,
  personal: PersonalData,
  options: LogUpgradeOptions = {},
): Promise<ChainReseal | null> {
  const client = await pool.connect();
  let rewritten = 0;
  let head: ChainLink | null;
  try {
    await client.query('BEGIN');
    await client.query(`SELECT pg_advisory_xact_lock(${SEAL_LOCK})`);
    if (!(await recordLogUpgrade(client, UPGRADE))) {
      await client.query('COMMIT');
      return null;
    }
    head = (await readChainStatus(pool)).head;
    let after: [string, string] = ['0', '0'];
    let read = 0;
    for (;;) {
      const { rows } = await client.query<StoredRow>({ ...READ_BATCH, values: [...after, BATCH] });
      if (rows.length === 0) break;
      rewritten += await rewriteBatch(client, personal, rows, options);
      read += rows.length;
      options.onProgress?.(read);
      const last = rows.at(-1)!;
      after = [last[0], last[1]];
    }
    await renameStreams(client, personal);
    if (rewritten > 0 && head) {
      await client.query(
        `INSERT INTO ${S}.chain_reseals (reason, events_rewritten, previous_sequence, previous_position, previous_hash)
          VALUES ('personal data encrypted in place (decision 038)', $1, $2, $3, $4)`,
        [rewritten, head.sequence, head.globalPosition, head.hash],
      );
      await client.query(`DELETE FROM ${S}.chain`);
    }
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
  if (rewritten === 0 || !head) return null;
  await sealChain(pool);
  await pool.query(
    `UPDATE ${S}.chain_reseals AS r SET new_hash = encode(c.hash, 'hex') FROM ${S}.chain AS c
      WHERE r.new_hash IS NULL AND c.sequence = r.previous_sequence`,
  );
  return (await readReseals(pool)).at(-1)!;
}

/**
 * Records that the log was written sealed from its first event (a sample seeded in bulk in this
 * release's stored form), so that the first start has nothing to upgrade and reads none of it.
 */
export async function recordLogWrittenSealed(pool: pg.Pool): Promise<void> {
  await recordLogUpgrade(pool, UPGRADE);
}

/** Every reseal of the chain, oldest first. */
export async function readReseals(pool: pg.Pool): Promise<ChainReseal[]> {
  const { rows } = await pool.query<{
    resealed_at: Date;
    reason: string;
    events_rewritten: string;
    previous_sequence: string;
    previous_position: string;
    previous_hash: string;
    new_hash: string | null;
  }>(`SELECT * FROM ${S}.chain_reseals ORDER BY resealed_at`);
  return rows.map((row) => ({
    resealedAt: row.resealed_at,
    reason: row.reason,
    eventsRewritten: Number(row.events_rewritten),
    previous: { sequence: Number(row.previous_sequence), position: row.previous_position, hash: row.previous_hash },
    newHash: row.new_hash,
  }));
}

/** One line per reseal, as `npm run verify` prints them. */
export function describeReseal(reseal: ChainReseal): string {
  const { resealedAt, reason, eventsRewritten, previous, newHash } = reseal;
  return (
    `re-sealed from the first event on ${resealedAt.toISOString()} (${reason}; ${eventsRewritten} events rewritten): ` +
    `the chain before ended at event ${previous.sequence} (position ${previous.position}) with head ${previous.hash}; ` +
    `the new chain has ${newHash ?? '(not sealed yet)'} there`
  );
}
