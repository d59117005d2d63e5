/**
 * Failed sign-ins are counted per account and address (a typo-prone user on one machine) and per
 * address alone (one machine guessing many accounts). Counts live in this process's memory: a
 * restart forgets them, and several API processes each count their own share.
 */
export interface LoginLimits {
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

/** Beyond this many tracked keys, expired ones are swept on the next failure. */
const SWEEP_THRESHOLD = 10_000;

export interface LoginLimiterOptions {
  limits?: LoginLimits;
  now?: () => number;
}

export class LoginLimiter {
  private readonly failures = new Map<string, number[]>();
  private readonly limits: LoginLimits;
  private readonly now: () => number;

  constructor({ limits = LOGIN_LIMITS, now = Date.now }: LoginLimiterOptions = {}) {
    this.limits = limits;
    this.now = now;
  }

  /** Seconds until the next attempt is allowed, or 0 when it is allowed now. */
  retryAfterSeconds(account: string, address: string): number {
    const waits = [
      this.waitMs(accountKey(account, address), this.limits.perAccountAndAddress),
      this.waitMs(addressKey(address), this.limits.perAddress),
    ];
    return Math.ceil(Math.max(...waits) / 1000);
  }

  recordFailure(account: string, address: string): void {
    if (this.failures.size > SWEEP_THRESHOLD) this.sweep();
    for (const key of [accountKey(account, address), addressKey(address)]) {
      this.failures.set(key, [...this.recent(key), this.now()]);
    }
  }

  /** A successful sign-in forgives the account's earlier typos from that address. */
  recordSuccess(account: string, address: string): void {
    this.failures.delete(accountKey(account, address));
  }

  private recent(key: string): number[] {
    const since = this.now() - this.limits.windowMs;
    return (this.failures.get(key) ?? []).filter((at) => at > since);
  }

  private waitMs(key: string, limit: number): number {
    const recent = this.recent(key);
    if (recent.length < limit) return 0;
    // Allowed again once enough of the oldest failures have left the window.
    const freeingFailure = recent[recent.length - limit]!;
    return freeingFailure + this.limits.windowMs - this.now();
  }

  private sweep(): void {
    for (const key of [...this.failures.keys()]) {
      if (this.recent(key).length === 0) this.failures.delete(key);
    }
  }
}

const accountKey = (account: string, address: string) => `account:${account.toLowerCase()}|${address}`;
const addressKey = (address: string) => `address:${address}`;
