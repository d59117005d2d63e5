import {
  ENTRY_MESSAGES,
  EVIDENCE_DEFAULT_MAX_MEGABYTES,
  EVIDENCE_DEFAULT_QUOTA_MEGABYTES,
  EVIDENCE_MAX_FILES_PER_ENTRY,
  EVIDENCE_MESSAGES as M,
  evidenceItemSchema,
  evidenceRoutes,
  evidenceSchema,
} from '@tht/contracts';
import { describeRoutes, type DescribeFeatureApi } from '../openapi/operations';

const DOWNLOAD_HEADERS = {
  'Content-Disposition': "`attachment; filename*=UTF-8''<the file's name>`",
  'X-Content-Type-Options': '`nosniff`',
  'Content-Security-Policy': "`default-src 'none'; sandbox`",
};

const SEEN_BY = "The entry's owner, their manager, HR and admins; anyone else 403";

/** The prose of the evidence routes (`evidenceRoutes` in @tht/contracts). */
export const describeEvidenceApi: DescribeFeatureApi = (settings) =>
  describeRoutes(
    evidenceRoutes,
    {
      tag: { name: 'Evidence', description: "Files attached to an entry: certificates, photos of them, the course's proof" },
      schemas: { Evidence: evidenceSchema, EvidenceItem: evidenceItemSchema },
      operations: {
        attachEvidence: {
          summary: 'Attach a file to one of your entries',
          description:
            'A PDF, PNG, JPEG or WebP file, judged from its content, never its name. Images are re-encoded ' +
            '(orientation applied) so their metadata (a photo’s location) is not stored. At most ' +
            `\`EVIDENCE_MAX_MB\` (default ${EVIDENCE_DEFAULT_MAX_MEGABYTES}) MB a file, ${EVIDENCE_MAX_FILES_PER_ENTRY} files ` +
            `an entry and \`EVIDENCE_QUOTA_MB\` (default ${EVIDENCE_DEFAULT_QUOTA_MEGABYTES}) MB a person. ` +
            'The upload is streamed; one refused or cut off stores nothing.',
          responses: { 201: 'The stored file' },
          errors: {
            400: [
              M.fileRequired,
              M.oneFilePerUpload,
              M.notMultipart,
              M.unsupportedType,
              M.unreadableImage,
              M.tooManyFiles(EVIDENCE_MAX_FILES_PER_ENTRY),
            ],
            403: [M.attachOwnEntriesOnly],
            404: [ENTRY_MESSAGES.entryNotFound],
            413: [M.fileTooLarge(EVIDENCE_DEFAULT_MAX_MEGABYTES), M.quotaExceeded(EVIDENCE_DEFAULT_QUOTA_MEGABYTES)],
          },
        },
        listEvidence: {
          summary: "An entry's files",
          description: SEEN_BY + '.',
          responses: { 200: 'The files, oldest first' },
          errors: { 403: [M.evidenceAccessDenied], 404: [ENTRY_MESSAGES.entryNotFound] },
        },
        downloadEvidence: {
          summary: 'Download a file',
          description: `${SEEN_BY}. Always a download, never shown in the page: its headers forbid sniffing and scripts.`,
          responses: { 200: 'The bytes as stored' },
          errors: { 403: [M.evidenceAccessDenied], 404: [ENTRY_MESSAGES.entryNotFound, M.evidenceNotFound] },
          headers: { 200: DOWNLOAD_HEADERS },
        },
        getEvidenceThumbnail: {
          summary: "An image's thumbnail",
          description: `${SEEN_BY}. A small WebP picture (at most 256 pixels a side), shown inline.`,
          responses: { 200: 'The thumbnail' },
          errors: { 403: [M.evidenceAccessDenied], 404: [ENTRY_MESSAGES.entryNotFound, M.evidenceNotFound, M.noThumbnail] },
        },
        removeEvidence: {
          summary: 'Remove a file from an entry',
          description: "The entry's owner or an admin. The bytes are deleted; the log keeps the fact.",
          responses: { 204: 'Removed' },
          errors: { 403: [M.removeOwnFilesOnly], 404: [ENTRY_MESSAGES.entryNotFound, M.evidenceNotFound] },
        },
      },
    },
    settings,
  );
