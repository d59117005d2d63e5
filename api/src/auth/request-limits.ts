import { isIPv4, isIPv6 } from 'node:net';
import type { Request, RequestHandler } from 'express';
import { sql, type Kysely } from 'kysely';
import type pg from 'pg';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import { HttpError } from '../platform/http';
import { securityLogOf, type AttemptSource } from './security-log';

/**
 * Requests counted per key (an address, an account) in fixed windows: a window opens with its
 * key's first request and lasts `durationSeconds`. Counts live in PostgreSQL (rate-limiter-flexible,
 * one atomic upsert per request, table `request_limits.counts`), so every API process on the
 * database shares them and a restart forgets nothing.
 */
export interface RequestLimit {
  /** Unique among the limits: the prefix of its keys in the table. */
  name: string;
  /** Requests allowed per key within a window. */
  points: number;
  durationSeconds: number;
  /** The 429's `{ error }`. */
  message: string;
}

/** For documentation: "20 an hour", "60 a minute", "10 per 15 minutes". */
export function describeLimit({ points, durationSeconds }: RequestLimit): string {
  const minutes = durationSeconds / 60;
  if (minutes === 60) return `${points} an hour`;
  return minutes === 1 ? `${points} a minute` : `${points} per ${minutes} minutes`;
}

/** A 429 with `Retry-After` (whole seconds). */
export class TooManyRequestsError extends HttpError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, message, { 'Retry-After': String(retryAfterSeconds) });
  }
}

const SCHEMA = 'request_limits';
const TABLE = 'counts';

/** The counts' schema and table (rate-limiter-flexible's columns; keys of any length). */
export async function migrateRequestLimits<Database>(db: Kysely<Database>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // Serialises concurrent start-ups, whose IF NOT EXISTS statements would otherwise race.
    await sql`SELECT pg_advisory_xact_lock(hashtext('tht:migrate-request-limits'))`.execute(trx);
    await sql`CREATE SCHEMA IF NOT EXISTS ${sql.id(SCHEMA)}`.execute(trx);
    await sql`CREATE TABLE IF NOT EXISTS ${sql.table(`${SCHEMA}.${TABLE}`)} (key text PRIMARY KEY, points integer NOT NULL DEFAULT 0, expire bigint)`.execute(
      trx,
    );
  });
}

export interface RequestCounter {
  readonly limit: RequestLimit;
  /**
   * Counts one request for `key`; throws a TooManyRequestsError when that makes it more than the
   * limit, and writes the refusal, from `source`, to the security log.
   */
  consume(key: string, source: AttemptSource): Promise<void>;
  /** Takes back one request counted for `key` (it turned out not to count, e.g. a successful sign-in). */
  refund(key: string): Promise<void>;
  /** Forgets every request counted for `key`. */
  forget(key: string): Promise<void>;
}

/** Counts `limit` per key. Needs `migrateRequestLimits` and `migrateSecurityLog` to have run on the pool's database. */
export function requestCounter(pool: pg.Pool, limit: RequestLimit): RequestCounter {
  const log = securityLogOf(pool);
  const described = `${limit.name} (${describeLimit(limit)})`;
  const counts = new RateLimiterPostgres({
    storeClient: pool,
    storeType: 'pool',
    schemaName: SCHEMA,
    tableName: TABLE,
    tableCreated: true,
    keyPrefix: limit.name,
    points: limit.points,
    duration: limit.durationSeconds,
  });
  return {
    limit,
    async consume(key, source) {
      try {
        await counts.consume(key);
      } catch (rejection) {
        if (!(rejection instanceof RateLimiterRes)) throw rejection;
        // The window's end (to the second) tells one window of the key from the next.
        const window = `${limit.name}|${key}|${Math.round((Date.now() + rejection.msBeforeNext) / 1000)}`;
        await log.refused({ ...source, limit: described, window });
        throw new TooManyRequestsError(limit.message, Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)));
      }
    },
    async refund(key) {
      await counts.reward(key);
    },
    async forget(key) {
      await counts.delete(key);
    },
  };
}

export interface CountedRequest {
  counter: RequestCounter;
  key: string;
}

/**
 * Counts a request (from `source`) under every limit that applies, all at once. When any refuses,
 * the others take theirs back (a refused request counts only where it was refused, so an attacker
 * held back by one limit cannot run up the others) and the longest wait is thrown.
 */
export async function consumeAll(requests: readonly CountedRequest[], source: AttemptSource): Promise<void> {
  const outcomes = await Promise.allSettled(requests.map(({ counter, key }) => counter.consume(key, source)));
  const refusals = outcomes.filter((outcome) => outcome.status === 'rejected');
  if (refusals.length === 0) return;
  await Promise.all(requests.filter((_, i) => outcomes[i]!.status === 'fulfilled').map(({ counter, key }) => counter.refund(key)));
  const unexpected = refusals.find(({ reason }) => !(reason instanceof TooManyRequestsError));
  if (unexpected) throw unexpected.reason;
  const waits = refusals.map(({ reason }) => reason as TooManyRequestsError);
  throw waits.reduce((longest, wait) => (wait.retryAfterSeconds > longest.retryAfterSeconds ? wait : longest));
}

/**
 * The key of a client address: an IPv4 address as is (also when written IPv4-mapped, `::ffff:a.b.c.d`),
 * an IPv6 address by its /64, the block one subscriber or machine is normally given.
 */
export function addressKey(address: string): string {
  const ip = address.replace(/%.*$/, '');
  if (isIPv4(ip) || !isIPv6(ip)) return ip;
  const hextets = ipv6Hextets(ip);
  if (hextets.slice(0, 5).every((h) => h === 0) && hextets[5] === 0xffff) {
    return [hextets[6]! >> 8, hextets[6]! & 0xff, hextets[7]! >> 8, hextets[7]! & 0xff].join('.');
  }
  return `${hextets
    .slice(0, 4)
    .map((h) => h.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (`::` expanded, a dotted IPv4 tail converted). */
function ipv6Hextets(ip: string): number[] {
  const text = ip.replace(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/, (_, a: string, b: string, c: string, d: string) =>
    [(Number(a) << 8) | Number(b), (Number(c) << 8) | Number(d)].map((h) => h.toString(16)).join(':'),
  );
  const groups = (part: string | undefined) => (part ? part.split(':').map((h) => parseInt(h, 16)) : []);
  const [head, tail] = text.split('::');
  if (tail === undefined) return groups(head);
  const [before, after] = [groups(head), groups(tail)];
  return [...before, ...Array<number>(8 - before.length - after.length).fill(0), ...after];
}

/** The client's address key (`req.ip` follows `TRUST_PROXY`). */
export function clientAddressKey(req: Request): string {
  return addressKey(req.ip ?? req.socket.remoteAddress ?? 'unknown');
}

/** Middleware counting each request under `counter`, per client address. */
export function limitPerAddress(counter: RequestCounter): RequestHandler {
  return async (req, _res, next) => {
    const client = clientAddressKey(req);
    await counter.consume(client, { client, account: null });
    next();
  };
}

/** Forgets every count whose key names `account` (an erased person's address, decision 038). */
export async function forgetCountsNaming<Database>(db: Kysely<Database>, account: string): Promise<void> {
  await sql`DELETE FROM ${sql.table(`${SCHEMA}.${TABLE}`)} WHERE strpos(lower(key), lower(${account})) > 0`.execute(db);
}
