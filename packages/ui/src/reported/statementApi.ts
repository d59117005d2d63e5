import { urlOf, xapiTrainingRoutes } from '@tht/contracts';
// '@tht/ui' (not relative paths): this module is bundled into each remote that uses it, and the
// SWR cache must be the shell's shared instance.
import { useRead } from '@tht/ui';

const statementOf = (entryId: number) => ({ params: { id: entryId } });

/** The xAPI statement behind a reported entry, as the Learning Record Store stored it. */
export function useEntryStatement(entryId: number) {
  const { data, error, isLoading } = useRead(xapiTrainingRoutes.getEntryStatement, statementOf(entryId));
  return { statement: data, error, isLoading };
}

/** The statement's address: a new tab shows its raw JSON (the sign-in cookie goes with a link). */
export const statementUrl = (entryId: number) => urlOf(xapiTrainingRoutes.getEntryStatement, statementOf(entryId));
