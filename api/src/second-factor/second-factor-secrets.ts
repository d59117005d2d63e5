import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { RECOVERY_CODE_COUNT, SECOND_FACTOR_ISSUER } from '@tht/contracts';
import { generateSecret, generateURI, verify } from 'otplib';

/**
 * The second factor's secrets. The authenticator's key must be readable by the server (to check
 * codes), so it is sealed, not hashed: AES-256-GCM under a key derived from JWT_SECRET by HKDF
 * for this use alone, bound to its purpose (the account's stream, or a set-up for the account) as
 * additional data, so a sealed value copied to another account or use does not open. Recovery
 * codes are only ever checked, so they are kept as salted SHA-256 hashes (80 random bits each).
 */

const SEALED_VERSION = 'v1';
const IV_BYTES = 12;
const keys = new Map<string, Buffer>();

function sealingKey(jwtSecret: string): Buffer {
  let key = keys.get(jwtSecret);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', jwtSecret, '', 'tht second factor: sealed authenticator keys', 32));
    keys.set(jwtSecret, key);
  }
  return key;
}

/** `text` encrypted and authenticated for `purpose`: `v1.<iv>.<ciphertext>.<tag>` (base64url). */
export function seal(jwtSecret: string, purpose: string, text: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', sealingKey(jwtSecret), iv).setAAD(Buffer.from(purpose));
  const encrypted = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return [SEALED_VERSION, iv, encrypted, cipher.getAuthTag()]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

/** The text sealed for `purpose`, or null when it was sealed otherwise, under another key, or tampered with. */
export function unseal(jwtSecret: string, purpose: string, sealed: string): string | null {
  const [version, iv, encrypted, tag, ...rest] = sealed.split('.');
  if (version !== SEALED_VERSION || iv === undefined || encrypted === undefined || tag === undefined || rest.length > 0)
    return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', sealingKey(jwtSecret), Buffer.from(iv, 'base64url'))
      .setAAD(Buffer.from(purpose))
      .setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(encrypted, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/** A new authenticator key (160 bits, base32) and the `otpauth://` URI apps scan for it. */
export function newAuthenticatorKey(accountEmail: string): { secret: string; otpauthUri: string } {
  const secret = generateSecret();
  return { secret, otpauthUri: generateURI({ issuer: SECOND_FACTOR_ISSUER, label: accountEmail, secret }) };
}

/** One 30-second step either side of now is accepted (clocks drift, people type slowly). */
const CLOCK_TOLERANCE_SECONDS = 30;

export const isAuthenticatorCode = (code: string) => /^\d{6}$/.test(code);

/** The RFC 6238 time step `code` belongs to for `secret` (within the tolerance around `now`), or null. */
export async function timeStepOf(secret: string, code: string, now: number): Promise<number | null> {
  if (!isAuthenticatorCode(code)) return null;
  const result = await verify({ secret, token: code, epoch: Math.floor(now / 1000), epochTolerance: CLOCK_TOLERANCE_SECONDS });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

// Letters and digits that cannot be mistaken for one another (no 0/O, 1/I/L, U).
const RECOVERY_ALPHABET = 'ABCDEFGHJKMNPQRSTVWXYZ23456789';
const RECOVERY_CODE_LENGTH = 16;

const normalised = (code: string) => code.toUpperCase().replace(/[\s-]/g, '');
const hashWith = (salt: string, code: string) =>
  createHash('sha256')
    .update(`${salt}:${normalised(code)}`)
    .digest('hex');

/** A recovery code, e.g. `K7QM-2XRT-9HWD-PZ4B` (16 of 30 symbols: 78 bits). */
function newRecoveryCode(): string {
  const symbols = Array.from({ length: RECOVERY_CODE_LENGTH }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]!);
  return symbols.join('').replace(/(.{4})(?!$)/g, '$1-');
}

/** A recovery code as it is stored: `salt:sha256(salt:code)`. */
export function hashRecoveryCode(code: string, salt = randomBytes(16).toString('hex')): string {
  return `${salt}:${hashWith(salt, code)}`;
}

/** RECOVERY_CODE_COUNT new codes, to be shown once, and their stored hashes. */
export function newRecoveryCodes(): { codes: string[]; hashes: string[] } {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  return { codes, hashes: codes.map((code) => hashRecoveryCode(code)) };
}

/** The stored hash `code` matches among `hashes`, or null. */
export function matchingRecoveryCode(hashes: readonly string[], code: string): string | null {
  const given = normalised(code);
  if (given.length !== RECOVERY_CODE_LENGTH) return null;
  return (
    hashes.find((stored) => {
      const [salt = '', hash = ''] = stored.split(':');
      return timingSafeEqual(Buffer.from(hashWith(salt, given), 'hex'), Buffer.from(hash.padEnd(64, '0').slice(0, 64), 'hex'));
    }) ?? null
  );
}
