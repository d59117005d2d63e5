import type { AuthTokenClaims } from './tokens';

/** A token's claims as its signature check gave them; `iat` and `exp` in seconds since the epoch. */
export type VerifiedClaims = Partial<AuthTokenClaims> & { iat?: unknown; exp?: unknown };

/**
 * Tokens whose signature was checked before, with their claims, so a browser's every request does
 * not check the same signature again. Only the signature and expiry are remembered: whether the
 * user still exists and the token's version is current is checked on every request.
 */
export interface VerifiedTokens {
  /** The claims of `token` when it was verified before and has not expired since, else undefined. */
  claimsOf(token: string): VerifiedClaims | undefined;
  /** Remembers a token whose signature and expiry were just checked (one without an expiry is not kept). */
  remember(token: string, claims: VerifiedClaims): void;
}

export interface VerifiedTokensOptions {
  /** Tokens kept at most; the least recently used go first. */
  maxTokens?: number;
  now?: () => number;
}

export function createVerifiedTokens({ maxTokens = 10_000, now = () => Date.now() }: VerifiedTokensOptions = {}): VerifiedTokens {
  // Map order is insertion order: a token used is moved to the end, so the first is the least recently used.
  const kept = new Map<string, VerifiedClaims & { exp: number }>();
  // As jsonwebtoken decides: a token is expired from the second its `exp` names.
  const expired = (exp: number) => Math.floor(now() / 1000) >= exp;
  return {
    claimsOf(token) {
      const claims = kept.get(token);
      if (!claims) return undefined;
      kept.delete(token);
      if (expired(claims.exp)) return undefined;
      kept.set(token, claims);
      return claims;
    },
    remember(token, claims) {
      const { exp } = claims;
      if (typeof exp !== 'number' || expired(exp)) return;
      if (kept.size >= maxTokens) kept.delete(kept.keys().next().value!);
      kept.set(token, { ...claims, exp });
    },
  };
}
