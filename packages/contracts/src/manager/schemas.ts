import { entriesQuerySchema, idSchema } from '../entries/schemas';
import { MANAGER_MESSAGES as M } from './messages';

/** The `{managerId}` of /api/manager/{managerId}/... */
export const managerIdSchema = idSchema(M.invalidManagerId);

/** Query of the manager routes: `year` (1901-2099). Stats default to the current year; entries without it cover every year. */
export const managerYearQuerySchema = entriesQuerySchema.pick({ year: true });
