import { createHash, timingSafeEqual } from 'node:crypto';
import type { Request } from 'express';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Whether a request bears `token` (`Authorization: Bearer <token>`). Digests are compared, so
 * neither the token's length nor its bytes show in the time taken.
 */
export function bearerOf(token: string): (req: Request) => boolean {
  const expected = digest(token);
  return (req) => {
    const given = /^Bearer (.+)$/.exec(req.get('authorization') ?? '')?.[1];
    return given !== undefined && timingSafeEqual(digest(given), expected);
  };
}
