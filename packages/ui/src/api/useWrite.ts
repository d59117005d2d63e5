import { keysOfFamilies, type AnswerOf, type ApiRoute, type ReadFamily, type RouteInput } from '@tht/contracts';
import { useCallback, useState } from 'react';
import { useSWRConfig } from 'swr';
import { callRoute } from './routeCalls';

/** Refetches every cached read of `families`; resolves when they are fresh. */
export function useRefreshAfter(families: readonly ReadFamily[]): () => Promise<void> {
  const { mutate } = useSWRConfig();
  return useCallback(async () => {
    await mutate(keysOfFamilies(families));
  }, [mutate, families]);
}

/** `send` as a run that refreshes after it succeeded; `pending` while it runs. */
export function usePendingRun<Arg, Result>(send: (arg: Arg) => Promise<Result>, refresh: () => Promise<void>) {
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

const NO_FAMILIES: readonly ReadFamily[] = [];

/**
 * A write (POST, PUT, DELETE) of the route table as a hook: `run(arg)` sends it (`toInput` turns the
 * screen's argument into the route's parameters, query and body) and, once the API accepted it,
 * refetches the reads the route `refreshes`, then resolves to the API's answer. `pending` is true
 * while it runs; a failure is rethrown for the screen to report.
 */
export function useWrite<Route extends ApiRoute, Arg = RouteInput<Route>>(
  route: Route,
  toInput?: (arg: Arg) => RouteInput<Route>,
): { run: (arg: Arg) => Promise<AnswerOf<Route>>; pending: boolean } {
  const refresh = useRefreshAfter(route.refreshes ?? NO_FAMILIES);
  const call = useCallback((arg: Arg) => callRoute(route, toInput ? toInput(arg) : (arg as RouteInput<Route>)), [route, toInput]);
  return usePendingRun(call, refresh);
}
