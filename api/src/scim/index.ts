/** The scim feature's public surface for other features. */
/** The SCIM 2.0 service provider: the organisation's directory provisions accounts. */
export { createScimRouter } from './scim-router';
export { forgetDirectoryUser, migrateScim } from './scim-store';
