import { xapiRoutes, xapiTrainingRoutes, type XapiClientInput, type XapiTrainingRules } from '@tht/contracts';
import { useRead, useWrite } from '@tht/ui';

/** The connected systems, oldest first (never their secrets). */
export function useConnectedSystems() {
  const { data, error } = useRead(xapiRoutes.listXapiClients, {});
  return { systems: data, error };
}

/** Answers the key and the secret, shown once. */
export const useCreateConnectedSystem = () => useWrite(xapiRoutes.createXapiClient, (input: XapiClientInput) => ({ body: input }));

export const useSetConnectedSystemEnabled = () =>
  useWrite(xapiRoutes.setXapiClientEnabled, ({ id, enabled }: { id: string; enabled: boolean }) => ({
    params: { id },
    body: { enabled },
  }));

export const useDeleteConnectedSystem = () => useWrite(xapiRoutes.deleteXapiClient, (id: string) => ({ params: { id } }));

export const useSetTrainingRules = () =>
  useWrite(xapiTrainingRoutes.setXapiTrainingRules, ({ id, rules }: { id: string; rules: XapiTrainingRules }) => ({
    params: { id },
    body: rules,
  }));

/**
 * The statements that count as training but name no active person, newest first. Other systems
 * send them at any time: asked again each time the list mounts, and on Refresh (`refresh`).
 */
export function useUnmatchedStatements() {
  const { data, error, mutate, isValidating } = useRead(xapiTrainingRoutes.listXapiUnmatched, {}, { revalidateOnMount: true });
  return { unmatched: data, error, refresh: () => void mutate(), refreshing: isValidating };
}
