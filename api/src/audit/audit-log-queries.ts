import {
  AUDIT_LOG_CATEGORIES,
  AUDIT_LOG_DEPTH,
  AUDIT_LOG_KINDS,
  auditRecordOf,
  auditSummary,
  eventActor,
  SYSTEM_ACTOR,
  type AuditLogItem,
  type AuditLogPage,
  type AuditLogQuery,
} from '@tht/contracts';
import { eventUpcasters } from '@tht/contracts/events/upcasters';
import { readLogPage, upcastEvent, type LogFilter } from '@tht/eventstore';
import type { AppContext } from '../platform/context';
import { actorNames } from './history-queries';

function logFilter({ kind, actorId, from, to }: AuditLogQuery): LogFilter {
  return {
    categories: (kind ? [kind] : AUDIT_LOG_KINDS).flatMap((each) => AUDIT_LOG_CATEGORIES[each]),
    ...(actorId === undefined ? {} : { actorId: actorId === SYSTEM_ACTOR ? null : actorId }),
    from,
    to,
  };
}

/** `GET /api/audit/log`: one page of the records' events, newest first, each with its record's history address. */
export async function auditLogPage(ctx: AppContext, query: AuditLogQuery): Promise<AuditLogPage> {
  const { page, pageSize } = query;
  const offset = (page - 1) * pageSize;
  const found = await readLogPage(ctx.pool, logFilter(query), {
    offset,
    limit: Math.min(pageSize, AUDIT_LOG_DEPTH - offset),
    countUpTo: AUDIT_LOG_DEPTH,
  });
  const events = found.events.map((event) => upcastEvent(event, eventUpcasters));
  const names = await actorNames(ctx, events);
  const items = events.flatMap((event): AuditLogItem[] => {
    const record = auditRecordOf(event.streamName, event.data);
    if (!record) return [];
    return [
      {
        position: event.globalPosition,
        at: event.metadata.occurredAt,
        actor: eventActor(event, names),
        ...record,
        event: event.type,
        summary: auditSummary(event),
      },
    ];
  });
  return { items, total: found.total, totalCapped: found.capped, page, pageSize };
}
