/** The hr feature's public surface for other features. */
export { describeHrApi } from './hr-openapi';
export { createHrRouter } from './hr-routes';
