import { NOTIFICATION_KINDS } from '@tht/contracts';
import { describe, expect, it } from 'vitest';
import { readUnsubscribeToken, unsubscribeToken, unsubscribeUrl } from './outbox-unsubscribe';
import { retryDelayMs } from './outbox-sender';

const SECRET = 'a-secret-that-is-long-enough-for-the-tests';

describe('unsubscribe tokens', () => {
  it('name the person and the kind, and read back only with the secret that made them', () => {
    for (const kind of NOTIFICATION_KINDS) {
      const token = unsubscribeToken(SECRET, { userId: 42, kind });
      expect(readUnsubscribeToken(SECRET, token)).toEqual({ userId: 42, kind });
      expect(readUnsubscribeToken(`${SECRET}-rotated`, token)).toBeNull();
    }
  });

  it('refuse any change: another person, another kind, a changed or cut signature, an unknown kind', () => {
    const token = unsubscribeToken(SECRET, { userId: 42, kind: 'team' });
    const signature = token.split('.')[2]!;
    expect(readUnsubscribeToken(SECRET, `43.team.${signature}`)).toBeNull();
    expect(readUnsubscribeToken(SECRET, `42.year-end.${signature}`)).toBeNull();
    expect(readUnsubscribeToken(SECRET, `42.team.${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`)).toBeNull();
    expect(readUnsubscribeToken(SECRET, `42.team.${signature.slice(1)}`)).toBeNull();
    expect(readUnsubscribeToken(SECRET, '42.team')).toBeNull();
    expect(readUnsubscribeToken(SECRET, '')).toBeNull();
    const unknownKind = unsubscribeToken(SECRET, { userId: 42, kind: 'newsletter' as never });
    expect(readUnsubscribeToken(SECRET, unknownKind)).toBeNull();
  });

  it('are the same for the same person and kind, so the header and the footer link agree', () => {
    const config = { publicUrl: 'https://training.example.org', jwtSecret: SECRET };
    expect(unsubscribeUrl(config, 7, 'behind-pace')).toBe(unsubscribeUrl(config, 7, 'behind-pace'));
    expect(unsubscribeUrl(config, 7, 'behind-pace')).toMatch(
      /^https:\/\/training\.example\.org\/api\/notifications\/unsubscribe\?token=7\.behind-pace\.[A-Za-z0-9_-]{43}$/,
    );
  });
});

describe('retries', () => {
  it('wait twice as long after each failed try, at most an hour', () => {
    expect([1, 2, 3, 4].map((attempt) => retryDelayMs(attempt, 60_000))).toEqual([60_000, 120_000, 240_000, 480_000]);
    expect(retryDelayMs(8, 60_000)).toBe(3_600_000);
  });
});
