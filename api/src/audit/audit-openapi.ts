import {
  AUDIT_MESSAGES as M,
  auditHeadSchema,
  auditLogPageSchema,
  auditRoutes,
  exportedEventSchema,
  recordHistorySchema,
} from '@tht/contracts';
import { describeRoutes, type DescribeFeatureApi } from '../openapi/operations';

/** The prose of the audit's routes (`auditRoutes` in @tht/contracts). */
export const describeAuditApi: DescribeFeatureApi = (settings) =>
  describeRoutes(
    auditRoutes,
    {
      tag: { name: 'Audit', description: "Every record's history, and the tamper-evident event log for auditors" },
      schemas: {
        RecordHistory: recordHistorySchema,
        AuditLogPage: auditLogPageSchema,
        AuditHead: auditHeadSchema,
        ExportedEvent: exportedEventSchema,
      },
      operations: {
        getRecordHistory: {
          summary: "A record's every change, oldest first",
          description:
            "Built from the record's events: per event the time, the acting user's name, the event type and each changed field before and after " +
            '(a password only reads "password changed"). `id` is the number of an entry, user, department or form field, the year of a ' +
            "yearly target or fiscal year, `<userId>-<year>` for a person's target (its own changes and the bulk assignments naming them), " +
            'and the uuid of a connected system (`xapi-clients`). ' +
            "Entries: whoever may read the entry; users: admins and the user themself; a person's target: HR, admins and the person; " +
            'yearly targets: HR and admins; departments, form fields, fiscal years and connected systems: admins.',
          responses: { 200: 'The history' },
          errors: { 400: [M.unknownKind, M.badId], 403: [M.historyAccessDenied], 404: [M.recordNotFound] },
        },
        getAuditLog: {
          summary: "The records' events, newest first, with filters, paged",
          description:
            'Every event of an entry, user, person target, fiscal year (yearly target), department or form field, newest first (by time, ' +
            "then log position), each with its record's `kind` and `recordId` for `GET /api/history/{kind}/{id}`. Filters: `actorId` (a user id, " +
            'or `system` for events no person caused), `kind`, and `from`/`to`: days (YYYY-MM-DD, UTC, both included) or ISO 8601 times ' +
            '(`from` included, `to` not). Pages of `pageSize` (default 50, at most 200) reach 10,000 events back, and `total` counts ' +
            'up to 10,000 (`totalCapped` when more match): narrow the dates to reach older events. Admins. Kept for the PostgreSQL ' +
            'event store only (the filters use its indexes); with KurrentDB it answers 501.',
          responses: { 200: 'One page of the log' },
          errors: {
            400: [M.badActor, M.unknownLogKind, M.badTime, M.badTimeRange, M.badPage, M.badPageSize, M.tooDeep],
            501: [M.logUnavailable],
          },
        },
        getAuditHead: {
          summary: 'The head of the hash chain: note it to check later that the log up to it is unchanged',
          description:
            'Every event is chained: hash = SHA-256(previous hash + RFC 8785 canonical form of the event), sealed in global order a moment after ' +
            '`unsealed` counts the events appended since. `npm run verify` recomputes the chain. Admins.',
          responses: { 200: 'The last sealed event' },
          errors: { 501: [M.chainUnavailable] },
        },
        exportAuditEvents: {
          summary: 'The sealed events with metadata and hashes, as NDJSON',
          description:
            'One JSON object per line (`ExportedEvent`), in chain order, from chain sequence `from` to `to` (inclusive; default: the whole sealed log). ' +
            'Each line carries `previousHash` and `hash`, so a third party can check the chain (script in the README). Admins.',
          responses: { 200: 'NDJSON, streamed' },
          errors: { 501: [M.chainUnavailable] },
        },
      },
    },
    settings,
  );
