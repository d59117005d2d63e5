import { defineRoutes } from '../routes/api-route';
import { entryIdSchema } from '../entries/schemas';
import {
  EVIDENCE_THUMBNAIL_TYPE,
  EVIDENCE_TYPES,
  evidenceIdSchema,
  evidenceListSchema,
  evidenceSchema,
  evidenceUploadSchema,
} from './schemas';

const ENTRY_ID = { id: entryIdSchema };
const FILE_ID = { id: entryIdSchema, evidenceId: evidenceIdSchema };

/**
 * Files attached to an entry as evidence: the owner attaches and removes (an admin may remove);
 * the owner, their manager, HR and admins list, download and see thumbnails.
 */
export const evidenceRoutes = defineRoutes({
  attachEvidence: {
    method: 'post',
    path: '/api/entries/{id}/evidence',
    access: 'signed-in',
    params: ENTRY_ID,
    body: evidenceUploadSchema,
    bodyContentType: 'multipart/form-data',
    responses: { 201: { schema: evidenceSchema } },
    refreshes: ['ownEntries', 'manager'],
  },
  listEvidence: {
    method: 'get',
    path: '/api/entries/{id}/evidence',
    access: 'signed-in',
    params: ENTRY_ID,
    responses: { 200: { schema: evidenceListSchema } },
  },
  downloadEvidence: {
    method: 'get',
    path: '/api/entries/{id}/evidence/{evidenceId}',
    access: 'signed-in',
    params: FILE_ID,
    responses: { 200: { contentType: EVIDENCE_TYPES } },
  },
  getEvidenceThumbnail: {
    method: 'get',
    path: '/api/entries/{id}/evidence/{evidenceId}/thumbnail',
    access: 'signed-in',
    params: FILE_ID,
    responses: { 200: { contentType: EVIDENCE_THUMBNAIL_TYPE } },
  },
  removeEvidence: {
    method: 'delete',
    path: '/api/entries/{id}/evidence/{evidenceId}',
    access: 'signed-in',
    params: FILE_ID,
    responses: { 204: {} },
    refreshes: ['ownEntries', 'manager'],
  },
});
