import { XAPI_MESSAGES as M, xapiClientStream, type XapiClient } from '@tht/contracts';
import { actorOf } from '../platform/commands';
import type { AppContext } from '../platform/context';
import { handleCommand } from '../platform/handle-command';
import { HttpError } from '../platform/http';
import { xapiClientDecider, type XapiClientCommand } from './xapi-client-decider';
import { xapiClientStore } from './xapi-clients';

type XapiClients = ReturnType<typeof xapiClientStore>;

/**
 * A change of a connected system that keeps it: decided on its stream (the audit log shows it),
 * applied to `xapi.clients`, and answered with the system as it now is; a 404 when it is gone.
 */
export async function changeXapiClient(
  ctx: AppContext,
  req: Parameters<typeof actorOf>[0],
  command: XapiClientCommand,
  apply: (clients: XapiClients) => Promise<boolean>,
): Promise<XapiClient> {
  await handleCommand(ctx, xapiClientDecider, { stream: xapiClientStream(command.clientId), command, actor: actorOf(req) });
  const clients = xapiClientStore(ctx.pool);
  const client = (await apply(clients)) ? await clients.find(command.clientId) : null;
  if (!client) throw new HttpError(404, M.clientNotFound);
  return client;
}
