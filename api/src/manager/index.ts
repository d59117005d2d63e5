/** The manager feature's public surface for other features. */
export { describeManagerApi } from './manager-openapi';
export { createManagerRouter } from './manager-routes';
