import { useCallback, useState } from 'react';

/**
 * The stored order of a dashboard's sections, made safe to use: unknown or repeated ids are dropped
 * and sections the stored order does not mention (added in a later release) keep their default
 * place at the end. Anything unreadable gives the default order.
 */
export function readStoredOrder<Id extends string>(storageKey: string, defaultOrder: readonly Id[]): Id[] {
  let stored: unknown;
  try {
    stored = JSON.parse(localStorage.getItem(storageKey) ?? 'null');
  } catch {
    return [...defaultOrder];
  }
  if (!Array.isArray(stored)) return [...defaultOrder];
  const known = new Set<string>(defaultOrder);
  const kept = [...new Set(stored.filter((id): id is Id => typeof id === 'string' && known.has(id)))];
  return [...kept, ...defaultOrder.filter((id) => !kept.includes(id))];
}

/** `order` with `id` moved to `targetIndex` (clamped to the list). */
export function moveTo<Id>(order: readonly Id[], id: Id, targetIndex: number): Id[] {
  const from = order.indexOf(id);
  if (from === -1) return [...order];
  const rest = order.filter((item) => item !== id);
  const to = Math.max(0, Math.min(targetIndex, rest.length));
  return [...rest.slice(0, to), id, ...rest.slice(to)];
}

/** A section order kept in local storage under `storageKey` (one key per dashboard). */
export function useStoredOrder<Id extends string>(storageKey: string, defaultOrder: readonly Id[]) {
  const [order, setOrder] = useState(() => readStoredOrder(storageKey, defaultOrder));
  const changeOrder = useCallback(
    (next: Id[]) => {
      setOrder(next);
      localStorage.setItem(storageKey, JSON.stringify(next));
    },
    [storageKey],
  );
  return [order, changeOrder] as const;
}
