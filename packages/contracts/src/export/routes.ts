import { AS_OF_BUILDING_ANSWER } from '../audit/as-of';
import { exportQuerySchema } from '../hr/schemas';
import { defineRoutes } from '../routes/api-route';
import { EVIDENCE_ARCHIVE_CONTENT_TYPE, EXPORT_CONTENT_TYPES } from './export-format';

/** All data as a file download (the browser opens it in a new window, the cookie signing in). */
export const exportRoutes = defineRoutes({
  exportAllData: {
    method: 'get',
    path: '/api/export',
    access: 'signed-in',
    query: exportQuerySchema,
    responses: {
      200: { contentType: [EXPORT_CONTENT_TYPES.csv, EXPORT_CONTENT_TYPES.xlsx, EVIDENCE_ARCHIVE_CONTENT_TYPE] },
      202: AS_OF_BUILDING_ANSWER,
    },
  },
});
