import { sql, type Kysely } from 'kysely';
import type pg from 'pg';
import { RateLimiterPostgres } from 'rate-limiter-flexible';

/**
 * Failed sign-ins are counted per account and address (a typo-prone user on one machine) and per
 * address alone (one machine guessing many accounts). Counts live in PostgreSQL (rate-limiter-
 * flexible, table `login_limits.failures`), so every API process on the database shares them and
 * a restart forgets nothing. A window opens with its key's first failure and lasts `windowMs`.
 */
export interface LoginLimits {
  /** Whole seconds. */
  windowMs: number;
  /** Failures allowed per account and address within the window. */
  perAccountAndAddress: number;
  /** Failures allowed per address (any account) within the window. */
  perAddress: number;
}

export const LOGIN_LIMITS: LoginLimits = {
  windowMs: 15 * 60 * 1000,
  perAccountAndAddress: 10,
  perAddress: 100,
};

const SCHEMA = 'login_limits';
const TABLE = 'failures';

/** The counts' schema and table (rate-limiter-flexible's columns; keys of any length). */
export async function migrateLoginLimits<Database>(db: Kysely<Database>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // Serialises concurrent start-ups, whose IF NOT EXISTS statements would otherwise race.
    await sql`SELECT pg_advisory_xact_lock(hashtext('tht:migrate-login-limits'))`.execute(trx);
    await sql`CREATE SCHEMA IF NOT EXISTS ${sql.id(SCHEMA)}`.execute(trx);
    await sql`CREATE TABLE IF NOT EXISTS ${sql.table(`${SCHEMA}.${TABLE}`)} (key text PRIMARY KEY, points integer NOT NULL DEFAULT 0, expire bigint)`.execute(
      trx,
    );
  });
}

export class LoginLimiter {
  private readonly perAccountAndAddress: RateLimiterPostgres;
  private readonly perAddress: RateLimiterPostgres;

  /** Needs `migrateLoginLimits` to have run on the pool's database. */
  constructor(pool: pg.Pool, limits: LoginLimits = LOGIN_LIMITS) {
    const counter = (keyPrefix: string, points: number) =>
      new RateLimiterPostgres({
        storeClient: pool,
        storeType: 'pool',
        schemaName: SCHEMA,
        tableName: TABLE,
        tableCreated: true,
        keyPrefix,
        points,
        duration: limits.windowMs / 1000,
      });
    this.perAccountAndAddress = counter('account', limits.perAccountAndAddress);
    this.perAddress = counter('address', limits.perAddress);
  }

  /** Seconds until the next attempt is allowed, or 0 when it is allowed now. */
  async retryAfterSeconds(account: string, address: string): Promise<number> {
    const waits = await Promise.all([
      waitMs(this.perAccountAndAddress, accountKey(account, address)),
      waitMs(this.perAddress, address),
    ]);
    return Math.ceil(Math.max(...waits) / 1000);
  }

  async recordFailure(account: string, address: string): Promise<void> {
    await Promise.all([this.perAccountAndAddress.penalty(accountKey(account, address)), this.perAddress.penalty(address)]);
  }

  /** A successful sign-in forgives the account's earlier typos from that address. */
  async recordSuccess(account: string, address: string): Promise<void> {
    await this.perAccountAndAddress.delete(accountKey(account, address));
  }
}

async function waitMs(counter: RateLimiterPostgres, key: string): Promise<number> {
  const count = await counter.get(key);
  return count && count.consumedPoints >= counter.points ? count.msBeforeNext : 0;
}

const accountKey = (account: string, address: string) => `${account.toLowerCase()}|${address}`;
