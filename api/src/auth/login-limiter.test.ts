import { describe, expect, it } from 'vitest';
import { LoginLimiter } from './login-limiter';

function limiterAt(start: number) {
  const clock = { now: start };
  const limiter = new LoginLimiter({
    limits: { windowMs: 60_000, perAccountAndAddress: 3, perAddress: 5 },
    now: () => clock.now,
  });
  return { limiter, clock };
}

describe('LoginLimiter', () => {
  it('blocks an account on one address after the limit and frees it as failures age out', () => {
    const { limiter, clock } = limiterAt(1_000_000);
    for (let i = 0; i < 3; i++) {
      expect(limiter.retryAfterSeconds('ada@acme.org', '10.0.0.1')).toBe(0);
      limiter.recordFailure('ada@acme.org', '10.0.0.1');
      clock.now += 10_000;
    }
    // Failures at 0 s, 10 s and 20 s; now 30 s: the first leaves the window at 60 s.
    expect(limiter.retryAfterSeconds('ADA@acme.org', '10.0.0.1')).toBe(30);
    expect(limiter.retryAfterSeconds('ada@acme.org', '10.0.0.2')).toBe(0);
    expect(limiter.retryAfterSeconds('grace@acme.org', '10.0.0.1')).toBe(0);
    clock.now += 30_000;
    expect(limiter.retryAfterSeconds('ada@acme.org', '10.0.0.1')).toBe(0);
  });

  it('forgives an account after a successful sign-in', () => {
    const { limiter } = limiterAt(0);
    for (let i = 0; i < 3; i++) limiter.recordFailure('ada@acme.org', '10.0.0.1');
    limiter.recordSuccess('ada@acme.org', '10.0.0.1');
    expect(limiter.retryAfterSeconds('ada@acme.org', '10.0.0.1')).toBe(0);
  });

  it('blocks an address guessing many accounts', () => {
    const { limiter } = limiterAt(0);
    for (let i = 0; i < 5; i++) limiter.recordFailure(`user${i}@acme.org`, '10.0.0.9');
    expect(limiter.retryAfterSeconds('someone-new@acme.org', '10.0.0.9')).toBe(60);
    expect(limiter.retryAfterSeconds('someone-new@acme.org', '10.0.0.8')).toBe(0);
  });
});
