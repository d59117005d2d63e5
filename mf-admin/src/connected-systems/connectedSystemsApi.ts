import { xapiRoutes, type XapiClientInput } from '@tht/contracts';
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
