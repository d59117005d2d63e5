import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { XapiClient, XapiTrainingRules, XapiTrainingType } from '@tht/contracts';
import type pg from 'pg';

/** A connected system as the LRS checks it: its key, the digest of its secret and whether it may send. */
export interface XapiCredentials {
  id: string;
  name: string;
  key: string;
  secretSha256: Buffer;
  enabled: boolean;
}

interface ClientRow {
  id: string;
  name: string;
  key: string;
  secret_sha256: Buffer;
  training_type: XapiTrainingType;
  enabled: boolean;
  created_at: Date;
  verbs: string[];
  /** numeric, read as text. */
  default_hours: string | null;
}

/** How long a process trusts a looked-up key before asking PostgreSQL again (a disabled system stops within it). */
const CREDENTIALS_TTL_MS = 2_000;

const sha256 = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/**
 * The secret is 32 random bytes, so a SHA-256 digest stores it safely (no dictionary to try) and
 * checking it costs nothing per statement, unlike a password hash (decision 044).
 */
export function newCredentials(): { key: string; secret: string } {
  return { key: randomBytes(12).toString('hex'), secret: randomBytes(32).toString('base64url') };
}

export function secretMatches(credentials: XapiCredentials, secret: string): boolean {
  return timingSafeEqual(sha256(secret), credentials.secretSha256);
}

const clientOf = (row: ClientRow): XapiClient => ({
  id: row.id,
  name: row.name,
  key: row.key,
  trainingType: row.training_type,
  enabled: row.enabled,
  createdAt: row.created_at.toISOString(),
  verbs: row.verbs,
  defaultHours: row.default_hours === null ? null : Number(row.default_hours),
});

/** The connected systems in schema `xapi` (needs `migrateXapi`). */
export function xapiClientStore(pool: pg.Pool) {
  const cache = new Map<string, { credentials: XapiCredentials | null; until: number }>();
  return {
    /** A new system's credentials, not yet stored (its creation is decided and recorded first). */
    newClient(): { id: string; key: string; secret: string } {
      return { id: randomUUID(), ...newCredentials() };
    },

    async store(
      client: { id: string; key: string; secret: string },
      input: { name: string; trainingType: XapiTrainingType },
      now: Date,
    ) {
      const { id, key, secret } = client;
      await pool.query(
        `INSERT INTO xapi.clients (id, name, key, secret_sha256, training_type, enabled, created_at)
         VALUES ($1, $2, $3, $4, $5, true, $6)`,
        [id, input.name, key, sha256(secret), input.trainingType, now],
      );
    },

    async list(): Promise<XapiClient[]> {
      const { rows } = await pool.query<ClientRow>('SELECT * FROM xapi.clients WHERE deleted_at IS NULL ORDER BY created_at, id');
      return rows.map(clientOf);
    },

    async find(id: string): Promise<XapiClient | null> {
      const { rows } = await pool.query<ClientRow>('SELECT * FROM xapi.clients WHERE id = $1 AND deleted_at IS NULL', [id]);
      return rows[0] ? clientOf(rows[0]) : null;
    },

    /** Whether a system was there to change. */
    async setEnabled(id: string, enabled: boolean): Promise<boolean> {
      const { rowCount } = await pool.query('UPDATE xapi.clients SET enabled = $2 WHERE id = $1 AND deleted_at IS NULL', [
        id,
        enabled,
      ]);
      cache.clear();
      return (rowCount ?? 0) > 0;
    },

    /** Whether a system was there to change (decision 045: its training rules). */
    async setTrainingRules(id: string, rules: XapiTrainingRules): Promise<boolean> {
      const { rowCount } = await pool.query(
        'UPDATE xapi.clients SET verbs = $2, default_hours = $3 WHERE id = $1 AND deleted_at IS NULL',
        [id, rules.verbs, rules.defaultHours],
      );
      return (rowCount ?? 0) > 0;
    },

    /** A deleted system's key stops working; its statements stay (they are records), naming it as their authority. */
    async delete(id: string, now: Date): Promise<boolean> {
      const { rowCount } = await pool.query(
        'UPDATE xapi.clients SET deleted_at = $2, enabled = false WHERE id = $1 AND deleted_at IS NULL',
        [id, now],
      );
      cache.clear();
      return (rowCount ?? 0) > 0;
    },

    async credentials(key: string): Promise<XapiCredentials | null> {
      const cached = cache.get(key);
      if (cached && cached.until > Date.now()) return cached.credentials;
      const { rows } = await pool.query<ClientRow>('SELECT * FROM xapi.clients WHERE key = $1 AND deleted_at IS NULL', [key]);
      const row = rows[0];
      const credentials = row
        ? { id: row.id, name: row.name, key: row.key, secretSha256: row.secret_sha256, enabled: row.enabled }
        : null;
      if (cache.size > 1000) cache.clear();
      cache.set(key, { credentials, until: Date.now() + CREDENTIALS_TTL_MS });
      return credentials;
    },
  };
}

export type XapiClientStore = ReturnType<typeof xapiClientStore>;
