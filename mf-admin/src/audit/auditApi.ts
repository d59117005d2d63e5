import useSWR from 'swr';
import type { AuditLogKind, AuditLogPage } from '@tht/contracts';

/** The Audit log tab's filters as the form holds them: days are the admin's local calendar days. */
export type AuditLogFilters = { actorId: string; kind: AuditLogKind | ''; from: string; to: string };

export const NO_AUDIT_FILTERS: AuditLogFilters = { actorId: '', kind: '', from: '', to: '' };

/** Midnight starting the local day `day` (YYYY-MM-DD), `plusDays` later, as an ISO instant. */
function localMidnight(day: string, plusDays = 0): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, date + plusDays).toISOString();
}

/** The address of one page: the days become the instants that bound them in the admin's zone (to included). */
export function auditLogKey({ actorId, kind, from, to }: AuditLogFilters, page: number): string {
  const query = new URLSearchParams({ page: String(page) });
  if (actorId) query.set('actorId', actorId);
  if (kind) query.set('kind', kind);
  if (from) query.set('from', localMidnight(from));
  if (to) query.set('to', localMidnight(to, 1));
  return `/api/audit/log?${query}`;
}

/** GET /api/audit/log: one page of the records' events, newest first; asked again whenever the tab opens. */
export function useAuditLog(filters: AuditLogFilters, page: number) {
  const { data, error } = useSWR<AuditLogPage, Error>(auditLogKey(filters, page), {
    keepPreviousData: true,
    revalidateOnMount: true,
  });
  return { log: data, error };
}
