import { z } from 'zod';
import { idSchema } from '../entries/schemas';
import { EVIDENCE_MESSAGES as M } from './messages';

/** The form field an upload carries its file in. */
export const EVIDENCE_FILE_FIELD = 'file';

/** The types a file may have, judged from its content; images are stored re-encoded, without metadata. */
export const EVIDENCE_TYPES = ['application/pdf', 'image/png', 'image/jpeg', 'image/webp'] as const;
export type EvidenceType = (typeof EVIDENCE_TYPES)[number];

/** The type of a thumbnail (images only). */
export const EVIDENCE_THUMBNAIL_TYPE = 'image/webp';

/** Files per entry. */
export const EVIDENCE_MAX_FILES_PER_ENTRY = 5;
/** Defaults of `EVIDENCE_MAX_MB` (one file) and `EVIDENCE_QUOTA_MB` (one person's files together). */
export const EVIDENCE_DEFAULT_MAX_MEGABYTES = 10;
export const EVIDENCE_DEFAULT_QUOTA_MEGABYTES = 200;
/** A megabyte of the limits, in bytes. */
export const EVIDENCE_MEGABYTE = 1024 * 1024;

/** Whether a type shows a thumbnail. */
export const isImageEvidence = (type: string): boolean => type.startsWith('image/');

/** A stored name's length at most. */
export const EVIDENCE_NAME_MAX_LENGTH = 255;

/**
 * The name a file is kept under: the last part of what the client sent (no folders), without
 * control or direction-changing characters, at most EVIDENCE_NAME_MAX_LENGTH characters; `file` when
 * nothing is left.
 */
export function evidenceFileName(sent: string): string {
  const base = sent.split(/[/\\]/).at(-1) ?? '';
  // eslint-disable-next-line no-control-regex -- control characters are what is removed
  const cleaned = base.replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '').trim();
  return [...cleaned].slice(0, EVIDENCE_NAME_MAX_LENGTH).join('') || 'file';
}

export const evidenceIdSchema = idSchema(M.invalidEvidenceId);

/** The form of an upload: one file in the field `file`. */
export const evidenceUploadSchema = z.object({
  [EVIDENCE_FILE_FIELD]: z.file().meta({
    description: `A PDF, PNG, JPEG or WebP file (judged from its content), at most EVIDENCE_MAX_MB (default ${EVIDENCE_DEFAULT_MAX_MEGABYTES}) MB`,
  }),
});

/** A stored file, as the upload answers it. */
export const evidenceSchema = z.strictObject({
  id: z.number(),
  name: z.string().meta({ description: 'The file name as uploaded (without any folder)' }),
  size: z.number().meta({ description: 'Bytes as stored (an image re-encoded without its metadata)' }),
  type: z.enum(EVIDENCE_TYPES).meta({ description: 'The type judged from the content' }),
  sha256: z.string().meta({ description: 'SHA-256 of the stored bytes, lower-case hex' }),
});

/** A file in an entry's list. */
export const evidenceItemSchema = evidenceSchema.extend({
  createdAt: z.string().meta({ description: 'ISO timestamp of the attachment' }),
});

export const evidenceListSchema = z.array(evidenceItemSchema);

export type Evidence = z.infer<typeof evidenceSchema>;
export type EvidenceItem = z.infer<typeof evidenceItemSchema>;
