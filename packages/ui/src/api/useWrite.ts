import { useCallback, useState } from 'react';
import { useSWRConfig } from 'swr';
import { refreshedBy, type Write } from './writeRefreshes';

/** Refetches every cached read `write` changes (WRITE_REFRESHES); resolves when they are fresh. */
export function useRefreshAfter(write: Write): () => Promise<void> {
  const { mutate } = useSWRConfig();
  return useCallback(async () => {
    await mutate(refreshedBy(write));
  }, [mutate, write]);
}

/**
 * A write (POST, PUT, DELETE) as a hook: `run(arg)` sends it and, once the API accepted it,
 * refetches the reads WRITE_REFRESHES names for `write`, then resolves to the API's answer.
 * `pending` is true while it runs; a failure is rethrown for the screen to report.
 */
export function useWrite<Arg, Result>(write: Write, send: (arg: Arg) => Promise<Result>) {
  const refresh = useRefreshAfter(write);
  const [pending, setPending] = useState(false);
  const run = useCallback(
    async (arg: Arg): Promise<Result> => {
      setPending(true);
      try {
        const result = await send(arg);
        await refresh();
        return result;
      } finally {
        setPending(false);
      }
    },
    [send, refresh],
  );
  return { run, pending };
}
