import { ACCOUNT_MESSAGES as M } from '@tht/contracts';
import type pg from 'pg';
import { consumeAll, requestCounter, type RequestCounter, type RequestLimit } from './request-limits';
import { securityLogOf, type SecurityLog } from './security-log';

/**
 * Sign-in attempts are counted before the password is checked, in one atomic step per counter,
 * so concurrent guesses cannot slip past the limit; a successful sign-in then takes its attempt
 * back and forgives the account's earlier typos from that address.
 *
 * - per account and address: a typo-prone user on one machine;
 * - per address (any account): one machine guessing many accounts;
 * - per account (any address): a botnet guessing one account;
 * - per device, instead of all three, for a browser with the account's device cookie
 *   (device-cookies.ts): others' failures never lock it out;
 * - per account per minute, every attempt, successful or not, never taken back: a holder of the
 *   password looping sign-ins (an argon2 check and an event each). Others' failures on the account
 *   are held far below it by the limits above, so they cannot use it to lock the holder out.
 */
export interface LoginLimits {
  perAccountAndAddress: RequestLimit;
  perAddress: RequestLimit;
  perAccount: RequestLimit;
  perDevice: RequestLimit;
  perAccountPerMinute: RequestLimit;
}

const WINDOW_SECONDS = 15 * 60;

/** A limit of `points` attempts per key in 15 minutes, refused with the one 429 text. */
export const loginLimit = (name: string, points: number, durationSeconds = WINDOW_SECONDS): RequestLimit => ({
  name: `login-${name}`,
  points,
  durationSeconds,
  message: M.tooManyLoginAttempts,
});

// The per-account ceiling keeps a botnet under OWASP ASVS 2.2.1's 100 guesses an hour per account.
export const LOGIN_LIMITS: LoginLimits = {
  perAccountAndAddress: loginLimit('account-address', 10),
  perAddress: loginLimit('address', 100),
  perAccount: loginLimit('account', 20),
  perDevice: loginLimit('device', 5),
  // No person signs in by hand once a second; a test script that signs in per test stays far below it.
  perAccountPerMinute: { ...loginLimit('account-minute', 60, 60), message: M.tooManySignIns },
};

/** Where an attempt comes from: the client's address key and, when it has the account's device cookie, its device id. */
export interface LoginClient {
  address: string;
  device: string | null;
}

export class LoginLimiter {
  private readonly perAccountAndAddress: RequestCounter;
  private readonly perAddress: RequestCounter;
  private readonly perAccount: RequestCounter;
  private readonly perDevice: RequestCounter;
  private readonly perAccountPerMinute: RequestCounter;
  private readonly log: SecurityLog;

  /** Needs `migrateRequestLimits` and `migrateSecurityLog` to have run on the pool's database. */
  constructor(pool: pg.Pool, limits: LoginLimits = LOGIN_LIMITS) {
    this.log = securityLogOf(pool);
    this.perAccountAndAddress = requestCounter(pool, limits.perAccountAndAddress);
    this.perAddress = requestCounter(pool, limits.perAddress);
    this.perAccount = requestCounter(pool, limits.perAccount);
    this.perDevice = requestCounter(pool, limits.perDevice);
    this.perAccountPerMinute = requestCounter(pool, limits.perAccountPerMinute);
  }

  private counted(account: string, { address, device }: LoginClient) {
    const everyAttempt = { counter: this.perAccountPerMinute, key: account };
    if (device !== null) return [{ counter: this.perDevice, key: device }, everyAttempt];
    return [
      { counter: this.perAccountAndAddress, key: `${account}|${address}` },
      { counter: this.perAddress, key: address },
      { counter: this.perAccount, key: account },
      everyAttempt,
    ];
  }

  /** Counts an attempt on the normalised `account`; throws a 429 (TooManyRequestsError) when a limit refuses it. */
  async admit(account: string, client: LoginClient): Promise<void> {
    await consumeAll(this.counted(account, client), { client: client.address, account });
  }

  /**
   * After a failed check of the account's password (`userId` null: no such account; `actorId` the
   * signed-in user who checked their current one): the attempt stays counted, and the security log
   * keeps it.
   */
  async failed(account: string, client: LoginClient, failure: { userId: number | null; actorId?: number; reason: string }) {
    await this.log.failedSignIn({
      account,
      client: client.address,
      userId: failure.userId,
      actorId: failure.actorId ?? null,
      reason: failure.reason,
    });
  }

  /** After a successful sign-in: the attempt was no failure, and the account's typos from there are forgiven. */
  async succeeded(account: string, client: LoginClient): Promise<void> {
    const forgiven = [this.perAccountAndAddress.forget(`${account}|${client.address}`)];
    if (client.device !== null) forgiven.push(this.perDevice.forget(client.device));
    else forgiven.push(this.perAddress.refund(client.address), this.perAccount.refund(account));
    await Promise.all(forgiven);
  }
}
