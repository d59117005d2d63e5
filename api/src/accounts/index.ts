/** The accounts feature's public surface for other features. */
export { signInWithSso } from './accounts-commands';
export { describeAccountsApi } from './accounts-openapi';
export { createAccountsRouter } from './accounts-routes';
export { signIn } from './accounts-sign-in';
export { ensureStartupAdmin } from './startup-admin';
