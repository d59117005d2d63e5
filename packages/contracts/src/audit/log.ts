import { z } from 'zod';
import { departmentStream, userSessionsStream, userStream } from '../accounts/events';
import { secondFactorStream } from '../accounts/second-factor';
import { entryStream } from '../entries/events';
import { formFieldStream } from '../form-fields/events';
import { blankAsUndefined, queryParametersSchema } from '../query-parameters';
import { userTargetAssignmentsStream, userTargetStream, yearlyTargetStream } from '../targets/events';
import { xapiClientStream } from '../xapi/events';
import { eventInWords, fieldChanges, fieldInWords, evolveSnapshot, type HistoryKind, type HistoryValue } from './history';
import { AUDIT_MESSAGES as M } from './messages';

/**
 * The record kinds of the audit log: the history kinds, with a yearly target listed once, as the
 * fiscal year it is (one record, one stream, two addresses in the history API).
 */
export const AUDIT_RECORD_KINDS = [
  'entries',
  'users',
  'user-targets',
  'fiscal-years',
  'departments',
  'form-fields',
  'xapi-clients',
] as const satisfies readonly HistoryKind[];
export type AuditRecordKind = (typeof AUDIT_RECORD_KINDS)[number];

/** The audit log's kinds: the records', and `security` (sign-ins, passwords, failed and refused attempts, see security.ts). */
export const AUDIT_LOG_KINDS = [...AUDIT_RECORD_KINDS, 'security'] as const;
export type AuditLogKind = (typeof AUDIT_LOG_KINDS)[number];

export const AUDIT_LOG_KIND_LABELS: Readonly<Record<AuditLogKind, string>> = {
  entries: 'Training entries',
  users: 'Users',
  'user-targets': "People's targets",
  'fiscal-years': 'Fiscal years (yearly targets)',
  departments: 'Departments',
  'form-fields': 'Form fields',
  'xapi-clients': 'Connected systems',
  security: 'Sign-ins and security',
};

/** The audit log reaches this many events deep; older ones are found by narrowing the dates. */
export const AUDIT_LOG_DEPTH = 10_000;
export const AUDIT_LOG_PAGE_SIZE = 50;
export const AUDIT_LOG_MAX_PAGE_SIZE = 200;

/** `actorId=system`: events no signed-in person caused (the start-up admin, migrations, CLI runs). */
export const SYSTEM_ACTOR = 'system';

/**
 * A stream's category: its name without the trailing numbers (`user-target-7-2026` -> `user-target`)
 * or the trailing uuid of a record named by one (`xapi-client-<uuid>` -> `xapi-client`, decision 047).
 * The event store's audit index uses the same expression (`eventstore.stream_category`), so keep them in step.
 */
export const streamCategory = (streamName: string) =>
  streamName.replace(/(-[0-9]+)+$|-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, '');

/** The category of the connected systems' streams (`xapi-client-<uuid>`). */
export const XAPI_CLIENT_CATEGORY = streamCategory(xapiClientStream('00000000-0000-4000-8000-000000000000'));

/** The stream categories of each kind; reservation streams (unique e-mails and names) belong to none. */
export const AUDIT_LOG_CATEGORIES: Readonly<Record<AuditRecordKind, readonly string[]>> = {
  entries: [streamCategory(entryStream(1))],
  users: [streamCategory(userStream(1)), streamCategory(userSessionsStream(1)), streamCategory(secondFactorStream(1))],
  'user-targets': [streamCategory(userTargetStream(1, 2026)), streamCategory(userTargetAssignmentsStream(2026))],
  'fiscal-years': [streamCategory(yearlyTargetStream(2026))],
  departments: [streamCategory(departmentStream(1))],
  'form-fields': [streamCategory(formFieldStream(1))],
  'xapi-clients': [XAPI_CLIENT_CATEGORY],
};

/** Where an event's record lives: its kind and its id in `GET /api/history/{kind}/{id}`; null for a reservation. */
export function auditRecordOf(streamName: string, data: unknown): { kind: AuditRecordKind; recordId: string } | null {
  const category = streamCategory(streamName);
  const kind = AUDIT_RECORD_KINDS.find((candidate) => AUDIT_LOG_CATEGORIES[candidate].includes(category));
  if (!kind) return null;
  const numbers = streamName.slice(category.length + 1);
  if (category === streamCategory(userTargetAssignmentsStream(2026))) {
    return { kind, recordId: `${String((data as { userId?: unknown } | null)?.userId)}-${numbers}` };
  }
  return { kind, recordId: numbers };
}

const SUMMARY_FIELDS = 3;
const shownValue = (value: HistoryValue) => (value === null || value === '' ? '(empty)' : String(value));

/** Events whose line is a sentence of its own rather than the event and its values. */
const OWN_SUMMARIES: Readonly<Record<string, (data: Record<string, unknown>) => string>> = {
  AccountClaimed: ({ provider }) => `claimed by the address's owner at ${String(provider)}`,
  EvidenceAttached: ({ name, type, size }) => `evidence attached: ${String(name)} (${String(type)}, ${String(size)} bytes)`,
  EvidenceRemoved: ({ evidenceId }) => `evidence removed: file ${String(evidenceId)}`,
};

/**
 * One line from the event alone (the log does not replay records): the event in words and the
 * first values it states, secrets and ids left out: "user updated: role manager".
 */
export function auditSummary(event: { type: string; data: unknown }): string {
  const own = OWN_SUMMARIES[event.type];
  if (own) return own((event.data ?? {}) as Record<string, unknown>);
  const stated = fieldChanges({}, evolveSnapshot({}, event)).flatMap((change) =>
    'secret' in change || change.field.endsWith('Id') ? [] : [`${fieldInWords(change.field)} ${shownValue(change.after)}`],
  );
  const more = stated.length > SUMMARY_FIELDS ? `, and ${stated.length - SUMMARY_FIELDS} more` : '';
  const words = eventInWords(event.type);
  return stated.length === 0 ? words : `${words}: ${stated.slice(0, SUMMARY_FIELDS).join(', ')}${more}`;
}

/** A day (`YYYY-MM-DD`, UTC) or an instant with its offset, as the ISO text the event metadata holds. */
const timeBound = (endOfDay: boolean) =>
  z.preprocess(
    blankAsUndefined,
    z
      .union([z.iso.date({ error: M.badTime }), z.iso.datetime({ offset: true, error: M.badTime })], { error: M.badTime })
      .transform((text) => {
        if (text.length > 10) return new Date(text).toISOString();
        const day = new Date(`${text}T00:00:00.000Z`);
        if (endOfDay) day.setUTCDate(day.getUTCDate() + 1);
        return day.toISOString();
      })
      .optional(),
  );

const wholeNumber = (message: string, max: number) =>
  z.coerce.number({ error: message }).int({ error: message }).min(1, { error: message }).max(max, { error: message });

/**
 * `GET /api/audit/log`: `actorId` a user id or `system`; `kind` one of AUDIT_LOG_KINDS; `from`
 * and `to` days (both included, UTC) or instants (`from` included, `to` not); `page` from 1 and
 * `pageSize` up to 200 (default 50), no deeper than AUDIT_LOG_DEPTH events.
 */
export const auditLogQuerySchema = queryParametersSchema({
  actorId: z.preprocess(
    blankAsUndefined,
    z.union([z.literal(SYSTEM_ACTOR), z.string().regex(/^[1-9]\d{0,9}$/, { error: M.badActor })], { error: M.badActor }).optional(),
  ),
  kind: z.preprocess(blankAsUndefined, z.enum(AUDIT_LOG_KINDS, { error: M.unknownLogKind }).optional()),
  from: timeBound(false),
  to: timeBound(true),
  page: z.preprocess(blankAsUndefined, wholeNumber(M.badPage, AUDIT_LOG_DEPTH).default(1)),
  pageSize: z.preprocess(blankAsUndefined, wholeNumber(M.badPageSize, AUDIT_LOG_MAX_PAGE_SIZE).default(AUDIT_LOG_PAGE_SIZE)),
})
  .refine(({ from, to }) => from === undefined || to === undefined || from < to, { error: M.badTimeRange })
  .refine(({ page, pageSize }) => (page - 1) * pageSize < AUDIT_LOG_DEPTH, { error: M.tooDeep });
export type AuditLogQuery = z.output<typeof auditLogQuerySchema>;

export const auditLogItemSchema = z.object({
  /** Global log position (opaque, ordered); `security-<n>` for a row of the security log. */
  position: z.string(),
  at: z.string(),
  actor: z.object({ id: z.number().int().nullable(), name: z.string().nullable() }),
  /** The record's kind; `security` for a row of the security log, which has no history. */
  kind: z.enum(AUDIT_LOG_KINDS),
  /** The id of `GET /api/history/{kind}/{id}`; null for a row of the security log. */
  recordId: z.string().nullable(),
  /** The record by its name as of the event (the account or address for a row of the security log). */
  recordName: z.string(),
  event: z.string(),
  summary: z.string(),
});
export type AuditLogItem = z.infer<typeof auditLogItemSchema>;

export const auditLogPageSchema = z.object({
  items: z.array(auditLogItemSchema),
  /** Matching events, counted up to AUDIT_LOG_DEPTH. */
  total: z.number().int(),
  /** More events match than `total` counts: narrow the dates to reach older ones. */
  totalCapped: z.boolean(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AuditLogPage = z.infer<typeof auditLogPageSchema>;
