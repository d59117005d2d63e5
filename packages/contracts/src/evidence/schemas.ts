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

/** Whether a type shows a thumbnail. */
export const isImageEvidence = (type: string): boolean => type.startsWith('image/');

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
