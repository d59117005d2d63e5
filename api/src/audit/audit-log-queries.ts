import {
  actingUserId,
  AUDIT_LOG_CATEGORIES,
  AUDIT_LOG_DEPTH,
  AUDIT_RECORD_KINDS,
  auditRecordName,
  auditRecordOf,
  auditSummary,
  eventActor,
  nameFrom,
  namingStreamOf,
  SECURITY_EVENT_TYPES,
  SECURITY_LOG_EVENTS,
  securityRecordName,
  securitySummary,
  SIGNED_OUT_VISITOR,
  SYSTEM_ACTOR,
  userStream,
  type AuditLogItem,
  type AuditLogPage,
  type AuditLogQuery,
  type NamingFields,
} from '@tht/contracts';
import { eventUpcasters } from '@tht/contracts/events/upcasters';
import { readLogPage, upcastEvent, type LogFilter, type RecordedEvent } from '@tht/eventstore';
import { READ_MODEL_SCHEMA } from 'projections';
import { readSecurityLog, type SecurityLogFilter, type SecurityLogRow } from '../auth/security-log';
import type { AppContext } from '../platform/context';
import { peopleNames } from './history-queries';

/** The event log's part of the audit log: the records' events, or the account events of `security`. */
function logFilter({ kind, actorId, from, to }: AuditLogQuery): LogFilter {
  const time = { from, to, ...(actorId === undefined ? {} : { actorId: actorId === SYSTEM_ACTOR ? null : actorId }) };
  if (kind === 'security') return { categories: AUDIT_LOG_CATEGORIES.users, types: SECURITY_EVENT_TYPES, ...time };
  return { categories: (kind ? [kind] : AUDIT_RECORD_KINDS).flatMap((each) => AUDIT_LOG_CATEGORIES[each]), ...time };
}

/** The security log's part: none for a record kind; no row is the system's. */
function securityFilter({ actorId, from, to }: AuditLogQuery): SecurityLogFilter {
  return { from, to, ...(actorId === undefined ? {} : { actorId: actorId === SYSTEM_ACTOR ? null : Number(actorId) }) };
}

/**
 * The names of records as of events: the naming fields of each stream folded up to the event's
 * position (null for a record named by its id alone, or a stream that never stated a name).
 */
async function namesAsOf(
  ctx: AppContext,
  wanted: readonly { stream: string | null; position: string }[],
): Promise<(string | null)[]> {
  const streams = [...new Set(wanted.flatMap(({ stream }) => (stream ? [stream] : [])))];
  if (streams.length === 0) return wanted.map(() => null);
  const upTo = wanted.reduce((latest, { position }) => (position > latest ? position : latest), '');
  const { rows } = await ctx.pool.query<{ stream_name: string; position: string; fields: NamingFields }>({
    name: 'audit-record-names',
    text: `SELECT stream_name, position, fields FROM ${READ_MODEL_SCHEMA}.record_names
      WHERE stream_name = ANY($1::text[]) AND position COLLATE "C" <= $2 ORDER BY stream_name, position COLLATE "C"`,
    values: [streams, upTo],
  });
  return wanted.map(({ stream, position }) => {
    const fields = rows
      .filter((row) => row.stream_name === stream && row.position <= position)
      .reduce<NamingFields>((name, row) => ({ ...name, ...row.fields }), {});
    return nameFrom(fields);
  });
}

/** The rows of a page from the event log: each event with its record named as of the event. */
async function eventItems(
  ctx: AppContext,
  events: readonly RecordedEvent[],
  names: ReadonlyMap<number, string>,
): Promise<AuditLogItem[]> {
  const records = events.map((event) => auditRecordOf(event.streamName, event.data)!);
  const recordNames = await namesAsOf(
    ctx,
    records.map(({ kind, recordId }, index) => ({
      stream: namingStreamOf(kind, recordId),
      position: events[index]!.globalPosition,
    })),
  );
  return events.map((event, index) => {
    const { kind, recordId } = records[index]!;
    return {
      position: event.globalPosition,
      at: event.metadata.occurredAt,
      actor: eventActor(event, names),
      kind,
      recordId,
      recordName: auditRecordName(kind, recordId, recordNames[index]!),
      event: event.type,
      summary: auditSummary(event),
    };
  });
}

/** Not before any log position (20 digits, '-', 20 digits): a record's latest name. */
const LATEST = `${'9'.repeat(20)}-${'9'.repeat(20)}`;

/** The rows of a page from the security log: the account by its latest name, else the address tried. */
async function securityItems(
  ctx: AppContext,
  rows: readonly SecurityLogRow[],
  names: ReadonlyMap<number, string>,
): Promise<AuditLogItem[]> {
  const accountNames = await namesAsOf(
    ctx,
    rows.map((row) => ({ stream: row.user_id === null ? null : userStream(row.user_id), position: LATEST })),
  );
  return rows.map((row, index) => ({
    position: `security-${row.id}`,
    at: row.occurred_at.toISOString(),
    actor:
      row.actor_id === null ? { id: null, name: SIGNED_OUT_VISITOR } : { id: row.actor_id, name: names.get(row.actor_id) ?? null },
    kind: 'security',
    recordId: null,
    recordName: securityRecordName({ accountName: accountNames[index]!, account: row.account, client: row.client }),
    event: SECURITY_LOG_EVENTS[row.kind],
    summary: securitySummary(row),
  }));
}

type Found = { at: string; event: RecordedEvent } | { at: string; row: SecurityLogRow };

/**
 * `GET /api/audit/log`: one page, newest first, of the records' events (each with its record's
 * history address and its name as of the event) and, unless a record kind is asked for, the
 * security log's rows. With both, the first `offset + limit` of each are merged (at most
 * AUDIT_LOG_DEPTH), so the pages of the two read as one list.
 */
export async function auditLogPage(ctx: AppContext, query: AuditLogQuery): Promise<AuditLogPage> {
  const { page, pageSize } = query;
  const offset = (page - 1) * pageSize;
  const limit = Math.min(pageSize, AUDIT_LOG_DEPTH - offset);
  const withSecurityLog = query.kind === undefined || query.kind === 'security';
  const [logged, security] = await Promise.all([
    readLogPage(ctx.pool, logFilter(query), {
      offset: withSecurityLog ? 0 : offset,
      limit: withSecurityLog ? offset + limit : limit,
      countUpTo: AUDIT_LOG_DEPTH,
    }),
    withSecurityLog ? readSecurityLog(ctx.pool, securityFilter(query), offset + limit, AUDIT_LOG_DEPTH) : null,
  ]);
  const found: Found[] = (await ctx.personalData.open(logged.events)).map((event) => ({
    at: event.metadata.occurredAt,
    event: upcastEvent(event, eventUpcasters),
  }));
  if (security) {
    found.push(...security.rows.map((row) => ({ at: row.occurred_at.toISOString(), row })));
    found.sort((a, b) => (a.at === b.at ? 0 : a.at > b.at ? -1 : 1)); // stable: the log's own order within a moment
  }
  const shown = security ? found.slice(offset, offset + limit) : found;
  const events = shown.flatMap((each) => ('event' in each ? [each.event] : []));
  const rows = shown.flatMap((each) => ('row' in each ? [each.row] : []));
  const names = await peopleNames(ctx, [...events.map(actingUserId), ...rows.map((row) => row.actor_id)]);
  const [eventRows, securityRows] = await Promise.all([eventItems(ctx, events, names), securityItems(ctx, rows, names)]);
  const items = shown.map((each) => ('event' in each ? eventRows.shift()! : securityRows.shift()!));
  const total = logged.total + (security?.total ?? 0);
  return {
    items,
    total: Math.min(total, AUDIT_LOG_DEPTH),
    totalCapped: logged.capped || (security?.capped ?? false) || total > AUDIT_LOG_DEPTH,
    page,
    pageSize,
  };
}
