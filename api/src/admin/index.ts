/** The admin feature's public surface for other features. */
export { bulkTargetUser } from './admin-commands';
export { describeAdminApi } from './admin-openapi';
export { storedDuplicateKeys } from './admin-queries';
export { createAdminRouter } from './admin-routes';
