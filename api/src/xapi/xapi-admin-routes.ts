import { xapiClientEnabledSchema, xapiClientInputSchema, xapiClientStream, xapiRoutes } from '@tht/contracts';
import { Router } from 'express';
import { accessGuards } from '../auth/access-guards';
import { actorOf } from '../platform/commands';
import type { AppContext } from '../platform/context';
import { handleCommand } from '../platform/handle-command';
import { parseWith } from '../platform/http';
import { mountRoutes } from '../platform/route-table';
import { changeXapiClient } from './xapi-client-changes';
import { xapiClientDecider, type XapiClientCommand } from './xapi-client-decider';
import { xapiClientStore } from './xapi-clients';

/**
 * The connected systems an administrator manages (admins only): their keys for the LRS at `/xapi`.
 * Each change is decided on the system's stream and recorded as an event (the audit log shows it),
 * then applied to `xapi.clients`, which the LRS reads and which alone holds the secret's digest.
 */
export function createXapiAdminRouter(ctx: AppContext): Router {
  const router = Router();
  const clients = xapiClientStore(ctx.pool);
  const decide = (req: Parameters<typeof actorOf>[0], command: XapiClientCommand) =>
    handleCommand(ctx, xapiClientDecider, { stream: xapiClientStream(command.clientId), command, actor: actorOf(req) });
  mountRoutes(router, accessGuards(ctx), xapiRoutes, {
    listXapiClients: () => clients.list(),
    createXapiClient: async ({ req, res }) => {
      const input = parseWith(xapiClientInputSchema, req.body);
      const client = clients.newClient();
      await decide(req, { type: 'CreateXapiClient', clientId: client.id, key: client.key, ...input });
      await clients.store(client, input, ctx.now());
      res.status(201).json(client);
    },
    setXapiClientEnabled: ({ params, req }) => {
      const { enabled } = parseWith(xapiClientEnabledSchema, req.body);
      const command = { type: 'SetXapiClientEnabled', clientId: params.id, enabled } as const;
      return changeXapiClient(ctx, req, command, (store) => store.setEnabled(params.id, enabled));
    },
    deleteXapiClient: async ({ params, req, res }) => {
      await decide(req, { type: 'DeleteXapiClient', clientId: params.id });
      await clients.delete(params.id, ctx.now());
      res.status(204).end();
    },
  });
  return router;
}
