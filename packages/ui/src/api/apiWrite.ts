import { useCallback, useState } from 'react';
import { useSWRConfig } from 'swr';

/** Which cached reads a write changes: SWR keys starting with any of `prefixes`. */
export function keysStartingWith(...prefixes: readonly string[]): (key: unknown) => boolean {
  return (key) => typeof key === 'string' && prefixes.some((prefix) => key.startsWith(prefix));
}

/**
 * A write (POST, PUT, DELETE) as a hook: `run(arg)` sends it and, once the API accepted it,
 * refetches every cached read `affects` names (the server answers once its read models include
 * the change, so the refetch shows it). `pending` is true while it runs; a failure is rethrown
 * for the screen to report.
 */
export function useApiWrite<Arg, Result>(send: (arg: Arg) => Promise<Result>, affects: (key: unknown) => boolean) {
  const { mutate } = useSWRConfig();
  const [pending, setPending] = useState(false);
  const run = useCallback(
    async (arg: Arg): Promise<Result> => {
      setPending(true);
      try {
        const result = await send(arg);
        await mutate(affects);
        return result;
      } finally {
        setPending(false);
      }
    },
    [send, affects, mutate],
  );
  return { run, pending };
}
