/** The smt feature's public surface for other features. */
export { describeSmtApi } from './smt-openapi';
export { createSmtRouter } from './smt-routes';
