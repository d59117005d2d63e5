import { XAPI_MESSAGES as M, xapiClientEnabledSchema, xapiClientInputSchema, xapiRoutes } from '@tht/contracts';
import { Router } from 'express';
import { accessGuards } from '../auth/access-guards';
import { actorOf } from '../platform/commands';
import type { AppContext } from '../platform/context';
import { HttpError, parseWith } from '../platform/http';
import { mountRoutes } from '../platform/route-table';
import { xapiClientStore } from './xapi-clients';

/** The connected systems an administrator manages (admins only): their keys for the LRS at `/xapi`. */
export function createXapiAdminRouter(ctx: AppContext): Router {
  const router = Router();
  const clients = xapiClientStore(ctx.pool);
  mountRoutes(router, accessGuards(ctx), xapiRoutes, {
    listXapiClients: () => clients.list(),
    createXapiClient: async ({ req, res }) => {
      const input = parseWith(xapiClientInputSchema, req.body);
      const created = await clients.create(input, ctx.now());
      ctx.log.info(`Connected system "${input.name}" (key ${created.key}) created by user #${actorOf(req).userId}`);
      res.status(201).json(created);
    },
    setXapiClientEnabled: async ({ params, req }) => {
      const { enabled } = parseWith(xapiClientEnabledSchema, req.body);
      if (!(await clients.setEnabled(params.id, enabled))) throw new HttpError(404, M.clientNotFound);
      ctx.log.info(`Connected system ${params.id} ${enabled ? 'enabled' : 'disabled'} by user #${actorOf(req).userId}`);
      const client = await clients.find(params.id);
      if (!client) throw new HttpError(404, M.clientNotFound);
      return client;
    },
    deleteXapiClient: async ({ params, req, res }) => {
      if (!(await clients.delete(params.id, ctx.now()))) throw new HttpError(404, M.clientNotFound);
      ctx.log.info(`Connected system ${params.id} deleted by user #${actorOf(req).userId}`);
      res.status(204).end();
    },
  });
  return router;
}
