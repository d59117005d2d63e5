/** The stats feature's public surface for other features. */
export { describeStatsApi } from './stats-openapi';
export { createStatsRouter } from './stats-routes';
