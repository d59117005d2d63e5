import { z } from 'zod';
import { defineRoutes } from '../routes/api-route';
import { auditEventsQuerySchema, auditHeadSchema } from './chain';
import { historyKindSchema, recordHistorySchema } from './history';
import { auditLogPageSchema, auditLogQuerySchema } from './log';

/** Record histories (anyone allowed to read the record), the audit log and the hash chain for auditors (admins). */
export const auditRoutes = defineRoutes({
  getRecordHistory: {
    method: 'get',
    path: '/api/history/{kind}/{id}',
    access: 'signed-in',
    params: { kind: historyKindSchema, id: z.string() },
    responses: { 200: { schema: recordHistorySchema } },
  },
  getAuditLog: {
    method: 'get',
    path: '/api/audit/log',
    access: 'admin',
    query: auditLogQuerySchema,
    responses: { 200: { schema: auditLogPageSchema } },
  },
  getAuditHead: {
    method: 'get',
    path: '/api/audit/head',
    access: 'admin',
    responses: { 200: { schema: auditHeadSchema } },
  },
  exportAuditEvents: {
    method: 'get',
    path: '/api/audit/events',
    access: 'admin',
    query: auditEventsQuerySchema,
    responses: { 200: { contentType: 'application/x-ndjson' } },
  },
});
