import { hash, verify } from '@node-rs/argon2';
import { ACCOUNT_MESSAGES as M } from '@tht/contracts';
import { DomainError } from '../platform/decider';
import { isCommonPassword } from './common-passwords';

/** argon2id (the library's default algorithm) with its default cost: 19 MiB, 2 passes. */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

/**
 * The hash of a password a person chose (registration, an admin's new user or temporary password,
 * set-password, reset): one of the passwords attackers try first is refused (400) before the
 * costly hash. SPEC's lengths are checked before, by the request's schema.
 */
export async function hashChosenPassword(password: string): Promise<string> {
  if (await isCommonPassword(password)) throw new DomainError('invalid', M.commonPassword);
  return hashPassword(password);
}

/** False for a wrong password, for a malformed stored hash and for an account without a password alike. */
export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (passwordHash === null) return false;
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
