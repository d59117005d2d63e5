/** The xapi feature's public surface: the Learning Record Store at `/xapi` and its connected systems. */
export { createXapiRouter } from './xapi-router';
export { createXapiAdminRouter } from './xapi-admin-routes';
export { describeXapiApi } from './xapi-openapi';
export { migrateXapi } from './xapi-schema';
export { changeXapiClient } from './xapi-client-changes';
