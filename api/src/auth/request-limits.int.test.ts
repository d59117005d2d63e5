import { createTestDatabase, type TestDatabase } from '@tht/postgres/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addressKey,
  consumeAll,
  describeLimit,
  migrateRequestLimits,
  requestCounter,
  TooManyRequestsError,
} from './request-limits';
import { migrateSecurityLog } from './security-log';

describe('addressKey', () => {
  it('keeps an IPv4 address, also when written IPv4-mapped', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:cb00:7107')).toBe('203.0.113.7');
  });

  it('keys an IPv6 address by its /64, however it is written', () => {
    expect(addressKey('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0DB8:0001:0002::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('2001:db8:1:2::1%eth0')).toBe('2001:db8:1:2::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('64:ff9b::192.0.2.1')).toBe('64:ff9b:0:0::/64');
  });

  it('passes anything else through', () => {
    expect(addressKey('unknown')).toBe('unknown');
  });
});

describe('describeLimit', () => {
  it('says a limit in words', () => {
    const limit = (points: number, durationSeconds: number) => ({ name: 'x', points, durationSeconds, message: '' });
    expect(describeLimit(limit(60, 60))).toBe('60 a minute');
    expect(describeLimit(limit(20, 3600))).toBe('20 an hour');
    expect(describeLimit(limit(10, 900))).toBe('10 per 15 minutes');
  });
});

describe('request counters', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
    await migrateRequestLimits(database.db);
    await migrateSecurityLog(database.db);
  });

  afterAll(() => database.drop());

  const limit = (name: string, points: number) => ({ name, points, durationSeconds: 60, message: `too many ${name}` });
  const FROM = { client: '203.0.113.7', account: null };

  it('refuses the request after the limit with the rest of the window, and counts atomically', async () => {
    const counter = requestCounter(database.pool, limit('atomic', 3));
    const outcomes = await Promise.allSettled(Array.from({ length: 10 }, () => counter.consume('k', FROM)));
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(3);
    const refusal = outcomes.find((o) => o.status === 'rejected')!.reason as TooManyRequestsError;
    expect(refusal).toBeInstanceOf(TooManyRequestsError);
    expect(refusal).toMatchObject({ status: 429, message: 'too many atomic', headers: { 'Retry-After': '60' } });
    await counter.consume('another key', FROM);
  });

  it('frees a key when it is forgotten or its requests refunded', async () => {
    const counter = requestCounter(database.pool, limit('forget', 1));
    await counter.consume('k', FROM);
    await expect(counter.consume('k', FROM)).rejects.toThrow(TooManyRequestsError);
    await counter.forget('k');
    await counter.consume('k', FROM);
    await counter.refund('k');
    await counter.consume('k', FROM);
  });

  it('counts a request under all limits or none, and throws the longest wait', async () => {
    const short = requestCounter(database.pool, { ...limit('short', 1), durationSeconds: 10 });
    const long = requestCounter(database.pool, limit('long', 1));
    const other = requestCounter(database.pool, limit('other', 5));
    await short.consume('k', FROM);
    await long.consume('k', FROM);
    const both = [
      { counter: short, key: 'k' },
      { counter: long, key: 'k' },
      { counter: other, key: 'k' },
    ];
    await expect(consumeAll(both, FROM)).rejects.toMatchObject({ message: 'too many long', retryAfterSeconds: 60 });
    // `other` took back the request the others refused: 5 more fit.
    for (let i = 0; i < 5; i++) await other.consume('k', FROM);
    await expect(other.consume('k', FROM)).rejects.toThrow(TooManyRequestsError);
  });

  it('writes each refusal to the security log: one row per limit, key and window, counting them', async () => {
    const counter = requestCounter(database.pool, limit('logged', 1));
    await counter.consume('k', FROM);
    for (let i = 0; i < 3; i++)
      await expect(counter.consume('k', { client: '198.51.100.1', account: 'ada@example.com' })).rejects.toThrow();
    const { rows } = await database.pool.query(
      "SELECT kind, detail, count, account, client FROM security_log.events WHERE detail LIKE 'logged %'",
    );
    expect(rows).toEqual([
      { kind: 'refused', detail: 'logged (1 a minute)', count: 3, account: 'ada@example.com', client: '198.51.100.1' },
    ]);
  });
});
