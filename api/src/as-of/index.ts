/** The as-of feature's public surface for other features. */
export { asOfRead } from './as-of-openapi';
export { AS_OF_JOB_TABLES, createAsOfReplays, dropAsOfReplays } from './as-of-replays';
export { answerAsOfNotReady, sendAsOfJson } from './as-of-responses';
export { statementName } from './as-of-statements';
