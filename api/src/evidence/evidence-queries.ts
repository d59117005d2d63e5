import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import {
  ENTRY_MESSAGES,
  EVIDENCE_MESSAGES as M,
  EVIDENCE_THUMBNAIL_TYPE,
  isImageEvidence,
  type EvidenceItem,
} from '@tht/contracts';
import type { Response } from 'express';
import { READ_MODEL_SCHEMA, type EvidenceRow } from 'projections';
import type { AuthUser } from '../auth/auth-user';
import type { AppContext } from '../platform/context';
import { HttpError } from '../platform/http';
import { mayViewEvidenceOf } from './evidence-access';
import { chunksOf, thumbnailOf } from './evidence-store';

/**
 * The owner of an entry whose files `user` may see: 404 for an entry that is not there (or was
 * deleted), 403 for one whose owner's files the user may not see.
 */
async function authoriseView(ctx: AppContext, user: AuthUser, entryId: number): Promise<void> {
  const entry = await ctx.db
    .withSchema(READ_MODEL_SCHEMA)
    .selectFrom('entries')
    .select('user_id')
    .where('id', '=', entryId)
    .executeTakeFirst();
  if (!entry) throw new HttpError(404, ENTRY_MESSAGES.entryNotFound);
  if (!(await mayViewEvidenceOf(ctx, user, entry.user_id))) throw new HttpError(403, M.evidenceAccessDenied);
}

const FILE_COLUMNS = ['evidence_id', 'name', 'size', 'type', 'sha256', 'created_at'] as const;

function itemOf(row: Pick<EvidenceRow, (typeof FILE_COLUMNS)[number]>): EvidenceItem {
  return {
    id: row.evidence_id,
    name: row.name,
    size: Number(row.size),
    type: row.type as EvidenceItem['type'],
    sha256: row.sha256,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

/** GET /api/entries/{id}/evidence: the entry's files, oldest first. */
export async function listEvidence(ctx: AppContext, user: AuthUser, entryId: number): Promise<EvidenceItem[]> {
  await authoriseView(ctx, user, entryId);
  const rows = await ctx.db
    .withSchema(READ_MODEL_SCHEMA)
    .selectFrom('evidence')
    .select(FILE_COLUMNS)
    .where('entry_id', '=', entryId)
    .orderBy('evidence_id')
    .execute();
  return rows.map(itemOf);
}

async function fileOf(ctx: AppContext, user: AuthUser, entryId: number, evidenceId: number): Promise<EvidenceItem> {
  await authoriseView(ctx, user, entryId);
  const row = await ctx.db
    .withSchema(READ_MODEL_SCHEMA)
    .selectFrom('evidence')
    .select(FILE_COLUMNS)
    .where('entry_id', '=', entryId)
    .where('evidence_id', '=', evidenceId)
    .executeTakeFirst();
  if (!row) throw new HttpError(404, M.evidenceNotFound);
  return itemOf(row);
}

/** A stored file is never run or shown by the browser in the product's origin: no sniffing, no scripts, no plug-ins. */
function setFileHeaders(res: Response, type: string, size: number): void {
  res.status(200);
  res.setHeader('Content-Type', type);
  res.setHeader('Content-Length', String(size));
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Content-Security-Policy', "default-src 'none'; sandbox");
  res.setHeader('Cache-Control', 'private, no-store');
}

/** `attachment; filename*=UTF-8''…` (RFC 6266 and 8187): any name, percent-encoded. */
export const attachmentDisposition = (name: string) =>
  `attachment; filename*=UTF-8''${encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;

/** GET /api/entries/{id}/evidence/{evidenceId}: the bytes, a download, sent a piece at a time. */
export async function sendEvidence(
  ctx: AppContext,
  user: AuthUser,
  entryId: number,
  evidenceId: number,
  res: Response,
): Promise<void> {
  const file = await fileOf(ctx, user, entryId, evidenceId);
  setFileHeaders(res, file.type, file.size);
  res.setHeader('Content-Disposition', attachmentDisposition(file.name));
  await pipeline(Readable.from(chunksOf(ctx.pool, evidenceId)), res);
}

/** GET /api/entries/{id}/evidence/{evidenceId}/thumbnail: an image's small WebP, shown inline. */
export async function sendThumbnail(
  ctx: AppContext,
  user: AuthUser,
  entryId: number,
  evidenceId: number,
  res: Response,
): Promise<void> {
  const file = await fileOf(ctx, user, entryId, evidenceId);
  const thumbnail = isImageEvidence(file.type) ? await thumbnailOf(ctx.pool, evidenceId) : null;
  if (!thumbnail) throw new HttpError(404, M.noThumbnail);
  setFileHeaders(res, EVIDENCE_THUMBNAIL_TYPE, thumbnail.length);
  res.end(thumbnail);
}
