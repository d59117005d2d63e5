import { asOfParameterSchema } from '../audit/as-of';
import { entriesQuerySchema } from '../entries/schemas';
import { queryParametersSchema } from '../query-parameters';

/** Query of GET /api/smt/overview: `year` (1901-2099), the current year when absent; `asOf` for the overview as it stood then. */
export const smtOverviewQuerySchema = queryParametersSchema({ year: entriesQuerySchema.shape.year, asOf: asOfParameterSchema });
