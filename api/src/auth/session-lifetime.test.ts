import { describe, expect, it } from 'vitest';
import { renewalDue, sessionOver, tokenExpiryOf } from './session-lifetime';

const HOUR = 3600;
const lifetime = { maxSeconds: 12 * HOUR, idleSeconds: HOUR };
const signedInAt = 1_800_000_000;

describe('session lifetimes', () => {
  it('gives a token the idle window, never past the session maximum after sign-in', () => {
    expect(tokenExpiryOf(signedInAt, lifetime, signedInAt)).toBe(signedInAt + HOUR);
    expect(tokenExpiryOf(signedInAt, lifetime, signedInAt + 5 * HOUR)).toBe(signedInAt + 6 * HOUR);
    expect(tokenExpiryOf(signedInAt, lifetime, signedInAt + 11.5 * HOUR)).toBe(signedInAt + 12 * HOUR);
  });

  it('renews a token once a quarter of its idle window has passed, unless a fresh one would not live longer', () => {
    const token = { auth_time: signedInAt, iat: signedInAt, exp: signedInAt + HOUR };
    expect(renewalDue(token, lifetime, signedInAt + 14 * 60)).toBe(false);
    expect(renewalDue(token, lifetime, signedInAt + 15 * 60)).toBe(true);
    const last = { auth_time: signedInAt, iat: signedInAt + 11.5 * HOUR, exp: signedInAt + 12 * HOUR };
    expect(renewalDue(last, lifetime, signedInAt + 11.9 * HOUR)).toBe(false);
  });

  it('ends a session at its maximum, also one whose token was issued under a longer maximum', () => {
    expect(sessionOver(signedInAt, lifetime, signedInAt + 12 * HOUR - 1)).toBe(false);
    expect(sessionOver(signedInAt, lifetime, signedInAt + 12 * HOUR)).toBe(true);
  });
});
