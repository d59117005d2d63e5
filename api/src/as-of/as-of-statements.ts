import { READ_MODEL_SCHEMA } from 'projections';

/**
 * A prepared statement's name for the read models of `schema`: another schema (the read models as
 * of a date, `?asOf=` and `npm run replay`) has its own text, so it gets its own name on a connection.
 */
export const statementName = (name: string, schema: string) => (schema === READ_MODEL_SCHEMA ? name : `${name}@${schema}`);
