import { entryStream } from '@tht/contracts';
import { sql } from 'kysely';
import { READ_MODEL_SCHEMA } from 'projections';
import type { AppContext } from '../platform/context';
import { loadState } from '../platform/handle-command';
import { evidenceDecider } from './evidence-decider';
import { deleteFile } from './evidence-store';

/** How old stored bytes must be before the sweep asks whether an event names them: no upload takes that long. */
const SWEEP_AFTER = '1 day';

/**
 * Deletes the bytes no event names any more: a process killed between writing a file and
 * appending its `EvidenceAttached` (or between `EvidenceRemoved` and deleting the bytes) left them.
 * The read model only proposes candidates (files older than a day it does not list); each is
 * judged by its entry's stream, so a read model still catching up deletes nothing that is attached.
 */
export async function sweepUnnamedFiles(ctx: AppContext): Promise<number> {
  const { rows } = await sql<{ id: number; entry_id: number }>`SELECT f.id, f.entry_id FROM evidence.files f
    WHERE f.created_at < now() - ${SWEEP_AFTER}::interval
      AND NOT EXISTS (SELECT 1 FROM ${sql.table(`${READ_MODEL_SCHEMA}.evidence`)} e WHERE e.evidence_id = f.id)`.execute(ctx.db);
  let swept = 0;
  for (const file of rows) {
    const entry = await loadState(ctx, evidenceDecider, entryStream(file.entry_id));
    if (entry && !entry.deleted && entry.evidenceIds.includes(file.id)) continue;
    await deleteFile(ctx.pool, file.id);
    swept += 1;
  }
  return swept;
}
