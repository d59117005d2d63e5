import { defineRoutes } from '../routes/api-route';
import { expiringCertificatesSchema } from './responses';
import { hrCertificatesQuerySchema, myCertificatesQuerySchema } from './schemas';

/** The media types of the HR list: JSON, or a CSV file (`?format=csv`). */
export const CERTIFICATE_LIST_CONTENT_TYPES = { json: 'application/json', csv: 'text/csv; charset=utf-8' } as const;

/** Certificates that expire: the signed-in person's own, and everyone's for HR. */
export const certificatesRoutes = defineRoutes({
  listMyExpiringCertificates: {
    method: 'get',
    path: '/api/certificates/mine',
    access: 'signed-in',
    query: myCertificatesQuerySchema,
    responses: { 200: { schema: expiringCertificatesSchema } },
  },
  listExpiringCertificates: {
    method: 'get',
    path: '/api/hr/certificates-expiring',
    access: 'signed-in',
    query: hrCertificatesQuerySchema,
    responses: {
      200: {
        schema: expiringCertificatesSchema,
        contentType: [CERTIFICATE_LIST_CONTENT_TYPES.json, CERTIFICATE_LIST_CONTENT_TYPES.csv],
      },
    },
  },
});
