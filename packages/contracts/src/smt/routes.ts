import { AS_OF_BUILDING_ANSWER } from '../audit/as-of';
import { defineRoutes } from '../routes/api-route';
import { smtOverviewSchema } from './responses';
import { smtOverviewQuerySchema } from './schemas';

/** The SMT View's one read (the SMT feature writes nothing). */
export const smtRoutes = defineRoutes({
  getSmtOverview: {
    method: 'get',
    path: '/api/smt/overview',
    access: 'signed-in',
    query: smtOverviewQuerySchema,
    responses: { 200: { schema: smtOverviewSchema }, 202: AS_OF_BUILDING_ANSWER },
  },
});
