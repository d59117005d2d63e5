import { auditRoutes, type HistoryKind } from '@tht/contracts';
import { useRead } from '../api/routeCalls';

/** A record's history, asked again each time a timeline mounts (a record's history grows). */
export function useRecordHistory(kind: HistoryKind, id: string) {
  const { data, error, isLoading } = useRead(
    auditRoutes.getRecordHistory,
    { params: { kind, id } },
    {
      revalidateOnMount: true,
      // Not the default 2 s: an edit and a reopened timeline within it would show the history before the edit.
      dedupingInterval: 0,
    },
  );
  return { items: data?.items ?? [], error, isLoading };
}
