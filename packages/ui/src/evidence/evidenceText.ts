import { EVIDENCE_DEFAULT_MAX_MEGABYTES, EVIDENCE_MAX_FILES_PER_ENTRY, EVIDENCE_TYPES } from '@tht/contracts';

/** What a file input offers: the types the server takes (it judges the content; a phone sends a HEIC photo as JPEG). */
export const EVIDENCE_ACCEPT = ['.pdf', '.png', '.jpg', '.jpeg', '.webp', ...EVIDENCE_TYPES].join(',');

/** The limits, as the screens tell them. */
export const EVIDENCE_HINT = `PDF, PNG, JPEG or WebP, up to ${EVIDENCE_DEFAULT_MAX_MEGABYTES} MB each, at most ${EVIDENCE_MAX_FILES_PER_ENTRY} per entry.`;

/** The paper-clip's accessible name: '1 file attached', '2 files attached'. */
export const filesAttached = (count: number) => `${count} ${count === 1 ? 'file' : 'files'} attached`;

/** Why no more files can be attached. */
export const EVIDENCE_FULL = `This entry has ${EVIDENCE_MAX_FILES_PER_ENTRY} files, the most it can have.`;
