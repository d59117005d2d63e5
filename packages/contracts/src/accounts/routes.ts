import { z } from 'zod';
import { defineRoutes } from '../routes/api-route';
import { EMAIL_CONFIRMATION_PATH, emailConfirmationSchema, emailConfirmedResponseSchema } from './email-confirmation';
import { resetRequestedResponseSchema } from './password-reset';
import {
  checkEmailResponseSchema,
  currentUserResponseSchema,
  loginResponseSchema,
  managerOptionSchema,
  messageResponseSchema,
  passwordChangedResponseSchema,
  passwordResetResponseSchema,
} from './responses';
import { loginSchema, registrationSchema, resetConfirmSchema, resetRequestSchema, setPasswordSchema } from './schemas';

/** Accounts: registration, sign-in and out, passwords, the current user and the managers to choose from. */
export const accountsRoutes = defineRoutes({
  getCurrentUser: {
    method: 'get',
    path: '/api/user',
    access: 'signed-in-pending-password-ok',
    responses: { 200: { schema: currentUserResponseSchema } },
  },
  logIn: {
    method: 'post',
    path: '/api/login',
    access: 'public',
    body: loginSchema,
    responses: { 200: { schema: loginResponseSchema } },
  },
  register: {
    method: 'post',
    path: '/api/register',
    access: 'public',
    body: (settings) => registrationSchema(settings.orgEmailDomain),
    responses: { 201: { schema: loginResponseSchema } },
  },
  logOut: {
    method: 'post',
    path: '/api/logout',
    access: 'token-optional',
    responses: { 200: { schema: messageResponseSchema } },
  },
  logOutEverywhere: {
    method: 'post',
    path: '/api/logout-everywhere',
    access: 'signed-in-pending-password-ok',
    responses: { 200: { schema: messageResponseSchema } },
  },
  setPassword: {
    method: 'post',
    path: '/api/set-password',
    access: 'signed-in-pending-password-ok',
    body: setPasswordSchema,
    responses: { 200: { schema: passwordChangedResponseSchema } },
  },
  requestPasswordReset: {
    method: 'post',
    path: '/api/reset-password',
    access: 'token-optional',
    body: resetRequestSchema,
    responses: { 200: { schema: z.union([resetRequestedResponseSchema, passwordResetResponseSchema]) } },
    // A link handed over by an admin: no stored list changes.
    refreshes: [],
  },
  confirmPasswordReset: {
    method: 'post',
    path: '/api/reset-password-confirm',
    access: 'public',
    body: resetConfirmSchema,
    responses: { 200: { schema: messageResponseSchema } },
  },
  confirmEmail: {
    method: 'post',
    path: EMAIL_CONFIRMATION_PATH,
    access: 'public',
    body: emailConfirmationSchema,
    responses: { 200: { schema: emailConfirmedResponseSchema } },
  },
  checkEmail: {
    method: 'get',
    path: '/api/check-email/{email}',
    access: 'public',
    params: { email: z.string().meta({ description: 'Compared without regard to case and surrounding spaces' }) },
    responses: { 200: { schema: checkEmailResponseSchema } },
  },
  listManagers: {
    method: 'get',
    path: '/api/managers',
    access: 'public',
    responses: { 200: { schema: z.array(managerOptionSchema) } },
  },
});
