import { defineRoutes } from '../routes/api-route';
import { loginResponseSchema, ssoFirstSignInIdentitySchema } from './responses';
import { ssoFirstSignInSchema } from './schemas';
import { SSO_CALLBACK_PATH, SSO_COMPLETE_PATH, SSO_FIRST_SIGN_IN_PATH, SSO_START_PATH } from './sso';

/** A browser navigation answered with a redirect, not a JSON call. */
const REDIRECT = { 303: { contentType: 'text/plain' } } as const;

/** Single sign-on through the organisation's OpenID Connect provider. */
export const ssoRoutes = defineRoutes({
  startSingleSignOn: {
    method: 'get',
    path: SSO_START_PATH,
    access: 'public',
    responses: REDIRECT,
  },
  singleSignOnCallback: {
    method: 'get',
    path: SSO_CALLBACK_PATH,
    access: 'public',
    responses: REDIRECT,
  },
  completeSingleSignOn: {
    method: 'post',
    path: SSO_COMPLETE_PATH,
    access: 'public',
    responses: { 200: { schema: loginResponseSchema } },
  },
  getFirstSingleSignOn: {
    method: 'get',
    path: SSO_FIRST_SIGN_IN_PATH,
    access: 'public',
    responses: { 200: { schema: ssoFirstSignInIdentitySchema } },
  },
  completeFirstSingleSignOn: {
    method: 'post',
    path: SSO_FIRST_SIGN_IN_PATH,
    access: 'public',
    body: ssoFirstSignInSchema,
    // 200 for an account the person just claimed, 201 for a new one.
    responses: { 200: { schema: loginResponseSchema }, 201: { schema: loginResponseSchema } },
  },
});
