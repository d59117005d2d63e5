import { createCipheriv, createDecipheriv, createHmac, createSecretKey, randomBytes, type KeyObject } from 'node:crypto';
import { erasedValue, PERSONAL_STREAM_PREFIXES, personalValuesOf, type PersonalValue } from '@tht/contracts/events/personal-data';
import type pg from 'pg';
import { EventLoopTurns } from './event-loop-turns';
import { ConcurrencyError, type EventStore, type NewEvent, type RecordedEvent } from './port';
import { migrateUnderLock } from './postgres-schema';

/*
 * Crypto-shredding (decision 038): every personal field of an event (the map in
 * @tht/contracts/events/personal-data) is stored encrypted with its owner's key, one AES-256 key per
 * person in `personal_keys.person_keys`, never in an event. Erasing a person deletes the key: the
 * ciphertext stays in the log (the hash chain covers it as stored) and reads as the erased
 * placeholder from then on. Stream names that hold an e-mail address are named by a keyed hash.
 *
 * Stored form: each personal field holds a stub `pd1.<ownerId>.<n>`, and the event data one more
 * key, `$sealed`: `{ "<ownerId>": "<base64url(iv ‖ ciphertext ‖ tag)>" }`, AES-256-GCM over the
 * JSON array of that owner's values in the event (the n-th is the stub's), with `pd1.<ownerId>` as
 * additional authenticated data. One cipher per owner and event, not per field: a replay of
 * millions of entries decrypts each entry once.
 */

export const PERSONAL_KEYS_SCHEMA = 'personal_keys';
const K = PERSONAL_KEYS_SCHEMA;
const ENVELOPE = 'pd1';
/** The key of event data that holds the sealed values, by owner. */
export const SEALED_KEY = '$sealed';
const IV_BYTES = 12;
const TAG_BYTES = 16;
const ERASED_EVENT = 'PersonErased';
const STUB_PATTERN = new RegExp(`^${ENVELOPE}\\.(\\d{1,10})\\.(\\d{1,4})$`);
/** A stream name's personal part as stored: a hex HMAC-SHA-256. */
const STORED_NAME_PATTERN = /^[0-9a-f]{64}$/;

export interface PersonalData {
  /** The events with each personal value encrypted with its owner's key (made at first need). */
  seal(events: readonly NewEvent[]): Promise<NewEvent[]>;
  /** As `seal`, for events already stored: an event sealed before is left as it is (the upgrade of a log written in clear). */
  sealStored<Event extends Pick<NewEvent, 'type' | 'data'>>(events: readonly Event[]): Promise<Event[]>;
  /** The events with each personal value decrypted, or its erased placeholder when the key is gone. */
  open<Event extends RecordedEvent>(events: readonly Event[]): Promise<Event[]>;
  /** The name a stream is stored under: `email-<address>` becomes `email-<keyed hash>`. */
  storedStreamName(streamName: string): Promise<string>;
  /** Deletes the person's key for good: their personal values read as erased from now on. */
  erase(userId: number): Promise<void>;
  /** Whether the person was erased. */
  isErased(userId: number): Promise<boolean>;
}

type Sealed = Record<string, string>;

/** The sealed values of stored event data, by owner; null when it holds none (written in clear, or no personal data). */
export function sealedOf(data: unknown): Sealed | null {
  if (typeof data !== 'object' || data === null || !(SEALED_KEY in data)) return null;
  return (data as Record<string, unknown>)[SEALED_KEY] as Sealed;
}

const aadOf = (ownerId: number) => Buffer.from(`${ENVELOPE}.${ownerId}`);

function encrypt(key: KeyObject, ownerId: number, values: readonly unknown[]): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(aadOf(ownerId));
  return Buffer.concat([iv, cipher.update(JSON.stringify(values), 'utf8'), cipher.final(), cipher.getAuthTag()]).toString(
    'base64url',
  );
}

function decrypt(key: KeyObject, ownerId: number, sealed: string): unknown[] {
  const body = Buffer.from(sealed, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', key, body.subarray(0, IV_BYTES)).setAAD(aadOf(ownerId));
  decipher.setAuthTag(body.subarray(body.length - TAG_BYTES));
  const plain = Buffer.concat([decipher.update(body.subarray(IV_BYTES, body.length - TAG_BYTES)), decipher.final()]);
  return JSON.parse(plain.toString('utf8')) as unknown[];
}

/** Creates the keys' schema and tables (idempotent; safe when several processes start at once). */
export async function migratePersonalKeys(pool: pg.Pool): Promise<void> {
  await migrateUnderLock(pool, 'tht:migrate-personal-keys', async (client) => {
    await client.query(`
      CREATE SCHEMA IF NOT EXISTS ${K};
      -- One key per person; key NULL once erased (erased_at says when).
      CREATE TABLE IF NOT EXISTS ${K}.person_keys (
        user_id integer PRIMARY KEY,
        key bytea,
        erased_at timestamptz,
        CHECK ((key IS NULL) = (erased_at IS NOT NULL))
      );
      -- The installation's secrets: the key of the stream names' hash.
      CREATE TABLE IF NOT EXISTS ${K}.secrets (name text PRIMARY KEY, value bytea NOT NULL);
    `);
  });
}

const ERASE = `INSERT INTO ${K}.person_keys (user_id, key, erased_at) VALUES ($1, NULL, now())
  ON CONFLICT (user_id) DO UPDATE SET key = NULL, erased_at = coalesce(person_keys.erased_at, now())`;
const CREATE_KEYS = `INSERT INTO ${K}.person_keys (user_id, key)
  SELECT * FROM unnest($1::int4[], $2::bytea[]) ON CONFLICT (user_id) DO NOTHING`;
const READ_KEYS = `SELECT user_id, key FROM ${K}.person_keys WHERE user_id = ANY($1::int4[])`;

/** The personal data codec over the keys in `pool` (the application database in every mode). */
export function createPersonalData(pool: pg.Pool): PersonalData {
  /** Known keys; null: erased (or never made: unreadable all the same). */
  const keys = new Map<number, KeyObject | null>();
  const migrated = once(() => migratePersonalKeys(pool));
  const streamSecret = once(() => readStreamSecret(pool, migrated));

  async function load(ids: Iterable<number>, create: boolean): Promise<void> {
    const missing = [...new Set(ids)].filter((id) => !keys.has(id));
    if (missing.length === 0) return;
    await migrated();
    if (create) await pool.query(CREATE_KEYS, [missing, missing.map(() => randomBytes(32))]);
    const { rows } = await pool.query<{ user_id: number; key: Buffer | null }>(READ_KEYS, [missing]);
    for (const id of missing) keys.set(id, null);
    for (const row of rows) keys.set(row.user_id, row.key && createSecretKey(row.key));
  }

  /** Replaces an event's personal values with stubs and adds their sealed form (an erased owner's: the placeholders, in clear). */
  function sealData(data: Record<string, unknown>, values: readonly PersonalValue[]): void {
    const byOwner = new Map<number, PersonalValue[]>();
    for (const value of values) byOwner.set(value.ownerId, [...(byOwner.get(value.ownerId) ?? []), value]);
    const sealed: Sealed = {};
    for (const [ownerId, owned] of byOwner) {
      const key = keys.get(ownerId);
      if (!key) {
        for (const { holder, key: field, kind } of owned) holder[field] = erasedValue(kind, ownerId);
        continue;
      }
      sealed[ownerId] = encrypt(
        key,
        ownerId,
        owned.map(({ holder, key: field }) => holder[field]),
      );
      owned.forEach(({ holder, key: field }, index) => (holder[field] = `${ENVELOPE}.${ownerId}.${index}`));
    }
    if (Object.keys(sealed).length > 0) data[SEALED_KEY] = sealed;
  }

  /** Puts an event's values back in place of their stubs (the placeholders of an erased owner's), without `$sealed`. */
  function openData(type: string, data: Record<string, unknown>): void {
    const opened = new Map<number, unknown[] | null>();
    for (const [owner, sealed] of Object.entries(sealedOf(data)!)) {
      const ownerId = Number(owner);
      const key = keys.get(ownerId);
      opened.set(ownerId, key ? decrypt(key, ownerId, sealed) : null);
    }
    delete data[SEALED_KEY];
    for (const { holder, key, kind } of personalValuesOf(type, data)) {
      const stub = STUB_PATTERN.exec(String(holder[key]));
      if (!stub) continue;
      const ownerId = Number(stub[1]);
      const values = opened.get(ownerId);
      holder[key] = values ? values[Number(stub[2])] : erasedValue(kind, ownerId);
    }
  }

  async function sealValues<Event extends Pick<NewEvent, 'type' | 'data'>>(
    events: readonly Event[],
    stored: boolean,
  ): Promise<Event[]> {
    const sealed = events.map((event) => ({ ...event, data: structuredClone(event.data) }));
    const todo = sealed.flatMap((event) => {
      if (stored && sealedOf(event.data)) return [];
      const values = personalValuesOf(event.type, event.data);
      return values.length > 0 ? [{ data: event.data as Record<string, unknown>, values }] : [];
    });
    if (todo.length === 0) return sealed;
    await load(
      todo.flatMap(({ values }) => values.map((value) => value.ownerId)),
      true,
    );
    // AES-GCM per event: a batch of an import is hundreds of milliseconds, sliced so requests go on.
    const turns = new EventLoopTurns();
    for (const { data, values } of todo) {
      sealData(data, values);
      await turns.take();
    }
    return sealed;
  }

  async function forgetErased(events: readonly RecordedEvent[]): Promise<void> {
    const erased = events.filter((event) => event.type === ERASED_EVENT).map((event) => (event.data as { userId: number }).userId);
    if (erased.length === 0) return;
    await migrated();
    // Also a safety net: a key the erasing process could not delete goes with the first read of the event.
    for (const userId of erased) await pool.query(ERASE, [userId]);
    for (const userId of erased) keys.set(userId, null);
  }

  const personal: PersonalData = {
    seal: (events) => sealValues(events, false),
    sealStored: (events) => sealValues(events, true),
    async open(events) {
      await forgetErased(events);
      const owners = events.flatMap((event) => Object.keys(sealedOf(event.data) ?? {}).map(Number));
      if (owners.length === 0) return [...events];
      await load(owners, false);
      const turns = new EventLoopTurns(); // as in sealValues: a projection batch opens thousands
      const opened: (typeof events)[number][] = [];
      for (const event of events) {
        if (!sealedOf(event.data)) opened.push(event);
        else {
          const data = structuredClone(event.data) as Record<string, unknown>;
          openData(event.type, data);
          opened.push({ ...event, data });
          await turns.take();
        }
      }
      return opened;
    },
    async storedStreamName(streamName) {
      const prefix = PERSONAL_STREAM_PREFIXES.find((candidate) => streamName.startsWith(candidate));
      if (!prefix || STORED_NAME_PATTERN.test(streamName.slice(prefix.length))) return streamName;
      const secret = await streamSecret();
      return `${prefix}${createHmac('sha256', secret).update(streamName.slice(prefix.length)).digest('hex')}`;
    },
    async erase(userId) {
      await migrated();
      await pool.query(ERASE, [userId]);
      keys.set(userId, null);
    },
    async isErased(userId) {
      await migrated();
      const { rows } = await pool.query(`SELECT 1 FROM ${K}.person_keys WHERE user_id = $1 AND key IS NULL`, [userId]);
      return rows.length > 0;
    },
  };
  return personal;
}

/** `make`'s promise, made at the first call and kept, unless it failed (the next call tries again). */
function once<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | null = null;
  return () =>
    (made ??= make().catch((error: unknown) => {
      made = null;
      throw error;
    }));
}

/** The installation's key of stream-name hashes, made once. */
async function readStreamSecret(pool: pg.Pool, migrated: () => Promise<void>): Promise<Buffer> {
  await migrated();
  await pool.query(`INSERT INTO ${K}.secrets (name, value) VALUES ('stream-names', $1) ON CONFLICT (name) DO NOTHING`, [
    randomBytes(32),
  ]);
  const { rows } = await pool.query<{ value: Buffer }>(`SELECT value FROM ${K}.secrets WHERE name = 'stream-names'`);
  return rows[0]!.value;
}

/** Rethrows a conflict on a stored stream name under the name the caller used. */
function underCallersName(streamName: string, storedName: string) {
  return (error: unknown): never => {
    if (error instanceof ConcurrencyError && error.streamName === storedName && storedName !== streamName) {
      throw new ConcurrencyError(streamName, error.expected, error.actual);
    }
    throw error;
  };
}

/** The one place where personal data is sealed and opened: every append and read of every adapter goes through here. */
export function withPersonalData(store: EventStore, personal: PersonalData): EventStore {
  return {
    async append(streamName, events, expected) {
      const storedName = await personal.storedStreamName(streamName);
      const sealed = await personal.seal(events);
      return store.append(storedName, sealed, expected).catch(underCallersName(streamName, storedName));
    },
    readStream: async (streamName, only) =>
      personal.open(await store.readStream(await personal.storedStreamName(streamName), only)),
    readAll: async (after, limit) => {
      const batch = await store.readAll(after, limit);
      return { ...batch, events: await personal.open(batch.events) };
    },
    ...(store.countAll ? { countAll: () => store.countAll!() } : {}),
    ...(store.countAfter ? { countAfter: (after, upTo) => store.countAfter!(after, upTo) } : {}),
    ...(store.lastPositionBy ? { lastPositionBy: (time) => store.lastPositionBy!(time) } : {}),
    ...(store.appendToNewStreams
      ? {
          appendToNewStreams: async (streams) => {
            const stored = await Promise.all(
              streams.map(async ({ streamName, events }) => ({
                streamName: await personal.storedStreamName(streamName),
                events: await personal.seal(events),
              })),
            );
            return store.appendToNewStreams!(stored).catch((error: unknown) => {
              const index = stored.findIndex(
                ({ streamName }) => error instanceof ConcurrencyError && error.streamName === streamName,
              );
              return underCallersName(streams[index]?.streamName ?? '', stored[index]?.streamName ?? '')(error);
            });
          },
        }
      : {}),
    onAppended: (listener) => store.onAppended(listener),
    close: () => store.close(),
  };
}
