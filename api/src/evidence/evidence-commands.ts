import type { Readable } from 'node:stream';
import {
  ENTRY_MESSAGES,
  EVIDENCE_MEGABYTE,
  EVIDENCE_MESSAGES as M,
  entryStream,
  evidenceFileName,
  type Evidence,
} from '@tht/contracts';
import type { Request } from 'express';
import type { AuthUser } from '../auth/auth-user';
import type { Actor } from '../platform/commands';
import type { AppContext } from '../platform/context';
import { DomainError } from '../platform/decider';
import { handleCommand, loadState } from '../platform/handle-command';
import { HttpError, discardUnreadBody } from '../platform/http';

/** Room for a multipart body's boundaries and part headers around its file. */
const MULTIPART_FRAMING_BYTES = 1024 * 1024;
import { mayViewEvidenceOf } from './evidence-access';
import { storeContent } from './evidence-content';
import { evidenceDecider, type AttachedFile, type EntryFilesState, type EvidenceCommand } from './evidence-decider';
import { bytesStoredBy, createFile, deleteFile } from './evidence-store';
import { receiveUpload, type UploadCutOff, type UploadStore } from './evidence-upload';

/** A file that passes every rule but the upload's own: what the decider is asked before a byte is read. */
const ANY_FILE: AttachedFile = { evidenceId: 0, name: 'file', size: 0, type: 'application/pdf', sha256: '' };

/**
 * Whoever may not even see the entry's owner's files is told the entry does not exist (as for an
 * entry's changes); the rest is the decider's (owner only, an admin may remove, a deleted entry is gone).
 */
async function authoriseEvidenceChange(ctx: AppContext, user: AuthUser, state: EntryFilesState): Promise<void> {
  if (!state || state.deleted || state.ownerId === user.id) return;
  if (!(await mayViewEvidenceOf(ctx, user, state.ownerId))) throw new DomainError('not-found', ENTRY_MESSAGES.entryNotFound);
}

/** Where an upload is cut off: the file limit, or what is left of the owner's quota when that is less. */
async function cutOffFor(ctx: AppContext, ownerId: number): Promise<UploadCutOff> {
  const { maxFileBytes, quotaBytes } = ctx.config.evidence;
  const quotaRefusal = () => new HttpError(413, M.quotaExceeded(quotaBytes / EVIDENCE_MEGABYTE));
  const left = quotaBytes - (await bytesStoredBy(ctx.pool, ownerId));
  if (left <= 0) throw quotaRefusal();
  if (left < maxFileBytes) return { bytes: left, refusal: quotaRefusal };
  return { bytes: maxFileBytes, refusal: () => new HttpError(413, M.fileTooLarge(maxFileBytes / EVIDENCE_MEGABYTE)) };
}

function decideOnFiles(ctx: AppContext, user: AuthUser | null, entryId: number, command: EvidenceCommand, actor: Actor) {
  return handleCommand(ctx, evidenceDecider, {
    stream: entryStream(entryId),
    command,
    actor,
    authorise: user ? (state) => authoriseEvidenceChange(ctx, user, state) : undefined,
  });
}

/** Reads a file in, with the cut-off, storing it through `store` (and undoing that with `discard` when refused). */
type ReceiveFile = (cutOff: UploadCutOff, store: UploadStore<AttachedFile>) => Promise<AttachedFile>;

/**
 * Attaches a file to an entry for `user` (null: on its owner's behalf, an import already
 * authorised). The rules are asked before a byte is read (a refused upload is not read); the bytes
 * are written as they arrive, then `EvidenceAttached` is appended; if that fails they are deleted.
 */
async function attachFile(
  ctx: AppContext,
  entryId: number,
  user: AuthUser | null,
  actor: Actor,
  receive: ReceiveFile,
): Promise<Evidence> {
  const entry = await loadState(ctx, evidenceDecider, entryStream(entryId));
  if (user) await authoriseEvidenceChange(ctx, user, entry);
  const by = user ?? { id: entry?.ownerId ?? 0, role: 'employee' as const };
  evidenceDecider.decide({ type: 'AttachEvidence', by, file: ANY_FILE }, entry);
  const ownerId = entry!.ownerId;
  const cutOff = await cutOffFor(ctx, ownerId);
  const evidenceId = await ctx.ids.next('evidence');
  await createFile(ctx.pool, { id: evidenceId, entryId, ownerId });
  const discard = () => deleteFile(ctx.pool, evidenceId);
  const file = await receive(cutOff, {
    store: async (content, name) => ({
      evidenceId,
      name: evidenceFileName(name),
      ...(await storeContent(ctx.pool, evidenceId, content, cutOff)),
    }),
    discard,
  });
  try {
    await decideOnFiles(ctx, user, entryId, { type: 'AttachEvidence', by, file }, actor);
  } catch (error) {
    await discard();
    throw error;
  }
  return { id: evidenceId, name: file.name, size: file.size, type: file.type, sha256: file.sha256 };
}

/** POST /api/entries/{id}/evidence: the entry's owner attaches the upload's file. */
export async function attachEvidence(
  ctx: AppContext,
  user: AuthUser,
  entryId: number,
  req: Request,
  actor: Actor,
): Promise<Evidence> {
  try {
    return await attachFile(ctx, entryId, user, actor, (cutOff, store) => receiveUpload(req, cutOff, store));
  } catch (error) {
    // Refused before the file was read (or part-way): the rest is dropped, so the refusal reaches the client.
    await discardUnreadBody(req, ctx.config.evidence.maxFileBytes + MULTIPART_FRAMING_BYTES);
    throw error;
  }
}

/**
 * A file read back by the import, attached to its entry on its owner's behalf through the same
 * rules as an upload (type judged from the content, images re-encoded, the limits).
 */
export function attachImportedFile(
  ctx: AppContext,
  file: { entryId: number; name: string; content: Readable },
  actor: Actor,
): Promise<Evidence> {
  return attachFile(ctx, file.entryId, null, actor, async (_cutOff, { store, discard }) => {
    try {
      return await store(file.content, file.name);
    } catch (error) {
      file.content.destroy();
      await discard();
      throw error;
    }
  });
}

/** DELETE /api/entries/{id}/evidence/{evidenceId}: the owner or an admin; the bytes go once the log says so. */
export async function removeEvidence(
  ctx: AppContext,
  user: AuthUser,
  entryId: number,
  evidenceId: number,
  actor: Actor,
): Promise<void> {
  await decideOnFiles(ctx, user, entryId, { type: 'RemoveEvidence', by: user, evidenceId }, actor);
  await deleteFile(ctx.pool, evidenceId);
}
