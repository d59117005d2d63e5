/** The sso feature's public surface for other features. */
export { describeSsoApi } from './sso-openapi';
export { migrateSsoResults } from './sso-results';
export { createSsoRouter } from './sso-routes';
