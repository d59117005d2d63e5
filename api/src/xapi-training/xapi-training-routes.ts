import { XAPI_TRAINING_MESSAGES as M, xapiTrainingRoutes, xapiTrainingRulesSchema } from '@tht/contracts';
import { Router } from 'express';
import { accessGuards } from '../auth/access-guards';
import { mayViewDataOf } from '../auth/policy';
import { signedInUser } from '../auth/require-auth';
import type { AppContext } from '../platform/context';
import { HttpError, parseWith } from '../platform/http';
import { mountRoutes } from '../platform/route-table';
import { changeXapiClient } from '../xapi';
import { xapiTrainingStore } from './xapi-training-store';

/**
 * Statements that become entries (decision 045): each connected system's training rules and the
 * unmatched statements (admins only), and the statement behind a reported entry (whoever may see
 * the entry; a 404 for anyone else, as for a hand-logged entry).
 */
export function createXapiTrainingRouter(ctx: AppContext): Router {
  const router = Router();
  const store = xapiTrainingStore(ctx.pool);
  mountRoutes(router, accessGuards(ctx), xapiTrainingRoutes, {
    setXapiTrainingRules: ({ params, req }) => {
      const rules = parseWith(xapiTrainingRulesSchema, req.body);
      const command = { type: 'SetXapiTrainingRules', clientId: params.id, rules } as const;
      return changeXapiClient(ctx, req, command, (clients) => clients.setTrainingRules(params.id, rules));
    },
    listXapiUnmatched: () => store.unmatchedList(),
    getEntryStatement: async ({ params, req }) => {
      const reported = await store.reportedEntry(params.id);
      if (!reported || !(await mayViewDataOf(ctx, signedInUser(req), reported.userId))) throw new HttpError(404, M.noStatement);
      const statement = await store.statementOfEntry(reported.statementId);
      if (!statement) throw new HttpError(404, M.noStatement);
      return statement;
    },
  });
  return router;
}
