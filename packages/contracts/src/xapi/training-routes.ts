import { defineRoutes } from '../routes/api-route';
import { entryIdSchema } from '../entries/schemas';
import { xapiClientIdSchema, xapiClientSchema } from './clients';
import { xapiStatementJsonSchema, xapiTrainingRulesSchema, xapiUnmatchedListSchema } from './training';

/** Statements that become training entries: each system's rules, the unmatched ones, an entry's statement. */
export const xapiTrainingRoutes = defineRoutes({
  setXapiTrainingRules: {
    method: 'put',
    path: '/api/admin/xapi-clients/{id}/training-rules',
    access: 'admin',
    params: { id: xapiClientIdSchema },
    body: xapiTrainingRulesSchema,
    responses: { 200: { schema: xapiClientSchema } },
    refreshes: ['xapiClients'],
  },
  listXapiUnmatched: {
    method: 'get',
    path: '/api/admin/xapi-unmatched',
    access: 'admin',
    responses: { 200: { schema: xapiUnmatchedListSchema } },
  },
  getEntryStatement: {
    method: 'get',
    path: '/api/entries/{id}/statement',
    access: 'signed-in',
    params: { id: entryIdSchema },
    responses: { 200: { schema: xapiStatementJsonSchema } },
  },
});
