import useSWR from 'swr';
import type { HistoryKind, RecordHistory } from '@tht/contracts';

const recordHistoryKey = (kind: HistoryKind, id: string) => `/api/history/${kind}/${encodeURIComponent(id)}`;

/** GET /api/history/{kind}/{id}, asked again each time a timeline mounts (a record's history grows). */
export function useRecordHistory(kind: HistoryKind, id: string) {
  const { data, error, isLoading } = useSWR<RecordHistory, Error>(recordHistoryKey(kind, id), {
    revalidateOnMount: true,
  });
  return { items: data?.items ?? [], error, isLoading };
}
