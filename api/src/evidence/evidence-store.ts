import { sql, type Kysely } from 'kysely';
import type pg from 'pg';

/**
 * The bytes of the files attached to entries, in schema `evidence`, apart from the event log (which
 * records each file's name, size, type and SHA-256): one row per file (`files`: whose, which entry,
 * size, the thumbnail of an image) and its bytes in pieces (`chunks`), so a file is written as it
 * arrives and read back as it is sent, never held whole. A file is written before its
 * `EvidenceAttached` is appended and deleted when the append fails, the file is removed, its entry
 * deleted or its owner erased. Every API process shares it.
 */
export async function migrateEvidence<Database>(db: Kysely<Database>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // Serialises concurrent start-ups, whose IF NOT EXISTS statements would otherwise race.
    await sql`SELECT pg_advisory_xact_lock(hashtext('tht:migrate-evidence'))`.execute(trx);
    await sql`CREATE SCHEMA IF NOT EXISTS evidence`.execute(trx);
    await sql`CREATE TABLE IF NOT EXISTS evidence.files (
      id integer PRIMARY KEY,
      entry_id integer NOT NULL,
      owner_id integer NOT NULL,
      size bigint NOT NULL DEFAULT 0,
      thumbnail bytea,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(trx);
    await sql`CREATE INDEX IF NOT EXISTS files_entry_id_idx ON evidence.files (entry_id)`.execute(trx);
    await sql`CREATE INDEX IF NOT EXISTS files_owner_id_idx ON evidence.files (owner_id)`.execute(trx);
    await sql`CREATE TABLE IF NOT EXISTS evidence.chunks (
      file_id integer NOT NULL REFERENCES evidence.files ON DELETE CASCADE,
      seq integer NOT NULL,
      bytes bytea NOT NULL,
      PRIMARY KEY (file_id, seq)
    )`.execute(trx);
  });
}

/** A file's row, made before its bytes arrive. */
export interface NewFile {
  id: number;
  entryId: number;
  ownerId: number;
}

export async function createFile(pool: pg.Pool, file: NewFile): Promise<void> {
  await pool.query('INSERT INTO evidence.files (id, entry_id, owner_id) VALUES ($1, $2, $3)', [
    file.id,
    file.entryId,
    file.ownerId,
  ]);
}

/** Appends one piece of a file's bytes (`seq` counts from 0) and counts it in the file's size. */
export async function writeChunk(pool: pg.Pool, fileId: number, seq: number, bytes: Buffer): Promise<void> {
  await pool.query(
    `WITH piece AS (INSERT INTO evidence.chunks (file_id, seq, bytes) VALUES ($1, $2, $3))
     UPDATE evidence.files SET size = size + $4 WHERE id = $1`,
    [fileId, seq, bytes, bytes.length],
  );
}

export async function setThumbnail(pool: pg.Pool, fileId: number, thumbnail: Buffer): Promise<void> {
  await pool.query('UPDATE evidence.files SET thumbnail = $2 WHERE id = $1', [fileId, thumbnail]);
}

/** The bytes a person's files take, those being written included. */
export async function bytesStoredBy(pool: pg.Pool, ownerId: number): Promise<number> {
  const { rows } = await pool.query<{ total: string }>(
    'SELECT COALESCE(sum(size), 0)::text AS total FROM evidence.files WHERE owner_id = $1',
    [ownerId],
  );
  return Number(rows[0]!.total);
}

export async function deleteFile(pool: pg.Pool, fileId: number): Promise<void> {
  await pool.query('DELETE FROM evidence.files WHERE id = $1', [fileId]);
}

export async function deleteFilesOfEntry(pool: pg.Pool, entryId: number): Promise<void> {
  await pool.query('DELETE FROM evidence.files WHERE entry_id = $1', [entryId]);
}

export async function deleteFilesOfOwner(pool: pg.Pool, ownerId: number): Promise<void> {
  await pool.query('DELETE FROM evidence.files WHERE owner_id = $1', [ownerId]);
}

/** A file's bytes, one piece at a time (none for a file not stored). */
export async function* chunksOf(pool: pg.Pool, fileId: number): AsyncGenerator<Buffer> {
  for (let seq = 0; ; seq += 1) {
    const { rows } = await pool.query<{ bytes: Buffer }>('SELECT bytes FROM evidence.chunks WHERE file_id = $1 AND seq = $2', [
      fileId,
      seq,
    ]);
    if (!rows[0]) return;
    yield rows[0].bytes;
  }
}

export async function thumbnailOf(pool: pg.Pool, fileId: number): Promise<Buffer | null> {
  const { rows } = await pool.query<{ thumbnail: Buffer | null }>('SELECT thumbnail FROM evidence.files WHERE id = $1', [fileId]);
  return rows[0]?.thumbnail ?? null;
}
