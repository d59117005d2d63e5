import { auditRoutes, type AuditLogKind } from '@tht/contracts';
import { useRead } from '@tht/ui';

/** The Audit log tab's filters as the form holds them: days are the admin's local calendar days. */
export type AuditLogFilters = { actorId: string; kind: AuditLogKind | ''; from: string; to: string };

export const NO_AUDIT_FILTERS: AuditLogFilters = { actorId: '', kind: '', from: '', to: '' };

/** Midnight starting the local day `day` (YYYY-MM-DD), `plusDays` later, as an ISO instant. */
function localMidnight(day: string, plusDays = 0): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, date + plusDays).toISOString();
}

/** One page's query: the days become the instants that bound them in the admin's zone (to included). */
function auditLogQuery({ actorId, kind, from, to }: AuditLogFilters, page: number) {
  return {
    page,
    actorId: actorId || undefined,
    kind: kind || undefined,
    from: from ? localMidnight(from) : undefined,
    to: to ? localMidnight(to, 1) : undefined,
  };
}

/** One page of the records' events, newest first; asked again whenever the tab opens. */
export function useAuditLog(filters: AuditLogFilters, page: number) {
  const { data, error } = useRead(
    auditRoutes.getAuditLog,
    { query: auditLogQuery(filters, page) },
    { keepPreviousData: true, revalidateOnMount: true },
  );
  return { log: data, error };
}
