import { describe, expect, it } from 'vitest';
import { createVerifiedTokens } from './verified-tokens';

describe('verified tokens', () => {
  const claims = { sub: '7', ver: 0, exp: 1_000 };

  it('gives the remembered claims until the second their expiry names, then forgets them', () => {
    let now = 999_999;
    const tokens = createVerifiedTokens({ now: () => now });
    tokens.remember('token-a', claims);
    expect(tokens.claimsOf('token-a')).toMatchObject({ sub: '7', ver: 0 });
    expect(tokens.claimsOf('token-b')).toBeUndefined();
    now = 1_000_000;
    expect(tokens.claimsOf('token-a')).toBeUndefined();
    now = 0;
    expect(tokens.claimsOf('token-a')).toBeUndefined();
  });

  it('keeps no token without an expiry or already expired', () => {
    const tokens = createVerifiedTokens({ now: () => 1_000_000 });
    tokens.remember('no-expiry', { sub: '7', ver: 0 });
    tokens.remember('expired', claims);
    expect(tokens.claimsOf('no-expiry')).toBeUndefined();
    expect(tokens.claimsOf('expired')).toBeUndefined();
  });

  it('keeps at most maxTokens, the least recently used going first', () => {
    const tokens = createVerifiedTokens({ maxTokens: 2, now: () => 0 });
    tokens.remember('a', claims);
    tokens.remember('b', claims);
    tokens.claimsOf('a');
    tokens.remember('c', claims);
    expect(tokens.claimsOf('a')).toBeDefined();
    expect(tokens.claimsOf('b')).toBeUndefined();
    expect(tokens.claimsOf('c')).toBeDefined();
  });
});
