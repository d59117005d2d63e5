import { sql, type Kysely } from 'kysely';
import { deleteRows, insertRows, type ColumnTypes } from '../framework/batch-sql';
import { erasedIn } from '../framework/erasure';
import type { ProjectedEvent, Projector } from '../framework/projector';

/**
 * The files attached to each entry (`EvidenceAttached`, less `EvidenceRemoved`), as the entry's
 * list and count show them; a deleted entry's files, and an erased person's, leave with them. The bytes are not here: they
 * live in schema `evidence`, written by the API before the event.
 */
export interface EvidenceRow {
  evidence_id: number;
  entry_id: number;
  user_id: number;
  /** The file's name as uploaded; personal (the owner's): an erased person's rows are deleted. */
  name: string;
  size: number;
  type: string;
  sha256: string;
  created_at: Date | string;
}

export interface EvidenceTables {
  evidence: EvidenceRow;
}

const COLUMN_TYPES: ColumnTypes<EvidenceRow> = {
  evidence_id: 'int4',
  entry_id: 'int4',
  user_id: 'int4',
  name: 'text',
  size: 'int8',
  type: 'text',
  sha256: 'text',
  created_at: 'timestamptz',
};

async function migrate(db: Kysely<EvidenceTables>, schema: string): Promise<void> {
  await sql`CREATE TABLE IF NOT EXISTS ${sql.table(`${schema}.evidence`)} (
    evidence_id integer PRIMARY KEY,
    entry_id integer NOT NULL,
    user_id integer NOT NULL,
    name text NOT NULL,
    size bigint NOT NULL,
    type text NOT NULL,
    sha256 text NOT NULL,
    created_at timestamptz NOT NULL
  )`.execute(db);
  await sql`CREATE INDEX IF NOT EXISTS evidence_entry_id_idx ON ${sql.table(`${schema}.evidence`)} (entry_id)`.execute(db);
}

/** What a batch does to the table: rows it adds, and rows (by file or by entry) it takes away from those before it. */
interface EvidenceChanges {
  added: Map<number, EvidenceRow>;
  removedFiles: number[];
  deletedEntries: number[];
}

function applyEvent(changes: EvidenceChanges, event: ProjectedEvent): void {
  switch (event.type) {
    case 'EvidenceAttached': {
      const { evidenceId, entryId, userId, name, size, type, sha256 } = event.data;
      changes.added.set(evidenceId, {
        evidence_id: evidenceId,
        entry_id: entryId,
        user_id: userId,
        name,
        size,
        type,
        sha256,
        created_at: event.metadata.occurredAt,
      });
      return;
    }
    case 'EvidenceRemoved':
      if (!changes.added.delete(event.data.evidenceId)) changes.removedFiles.push(event.data.evidenceId);
      return;
    case 'EntryDeleted':
      for (const [evidenceId, row] of changes.added) if (row.entry_id === event.data.entryId) changes.added.delete(evidenceId);
      changes.deletedEntries.push(event.data.entryId);
      return;
  }
}

export const evidenceProjector: Projector<EvidenceTables> = {
  name: 'evidence',
  migrate,
  async project(trx, schema, events) {
    const changes: EvidenceChanges = { added: new Map(), removedFiles: [], deletedEntries: [] };
    for (const event of events) applyEvent(changes, event);
    await deleteRows(trx, schema, 'evidence', 'evidence_id', 'int4', changes.removedFiles);
    await deleteRows(trx, schema, 'evidence', 'entry_id', 'int4', changes.deletedEntries);
    await insertRows(trx, schema, 'evidence', [...changes.added.values()], COLUMN_TYPES);
    // An erased person's files are deleted with their key (api/src/evidence): the list forgets them too.
    await deleteRows(trx, schema, 'evidence', 'user_id', 'int4', erasedIn(events));
  },
};
