import { z } from 'zod';
import { queryParametersSchema } from '../query-parameters';
import { defineRoutes } from '../routes/api-route';
import { PEOPLE } from '../routes/read-families';
import { eraseUserSchema } from './erasure';
import { userStatusParameter } from './people-pages';
import { PERSONAL_DATA_CONTENT_TYPES, personalDataQuerySchema } from './personal-data';
import { messageResponseSchema, userSchema, userSummarySchema } from './responses';
import { adminUserCreateSchema, adminUserUpdateSchema, profileUpdateSchema, tempPasswordSchema, userIdSchema } from './schemas';

const USER_ID = { id: userIdSchema };

/** The directory of people and the admin's changes to their accounts. */
export const usersRoutes = defineRoutes({
  listUsers: {
    method: 'get',
    path: '/api/users',
    access: 'signed-in',
    query: queryParametersSchema({ status: userStatusParameter }),
    responses: { 200: { schema: z.union([z.array(userSchema), z.array(userSummarySchema)]) } },
  },
  getUser: {
    method: 'get',
    path: '/api/users/{id}',
    access: 'signed-in',
    params: USER_ID,
    responses: { 200: { schema: z.union([userSchema, userSummarySchema]) } },
  },
  createUser: {
    method: 'post',
    path: '/api/users',
    access: 'admin',
    body: (settings) => adminUserCreateSchema(settings.orgEmailDomain),
    responses: { 201: { schema: userSchema } },
    refreshes: PEOPLE,
  },
  updateUser: {
    method: 'put',
    path: '/api/users/{id}',
    access: 'signed-in',
    params: USER_ID,
    body: (settings) => z.union([adminUserUpdateSchema(settings.orgEmailDomain), profileUpdateSchema]),
    responses: { 200: { schema: userSchema } },
    // A new manager or department moves the person's entries, and their hours, with them.
    refreshes: [...PEOPLE, 'ownEntries', 'ownStats', 'smt'],
  },
  deleteUser: {
    method: 'delete',
    path: '/api/users/{id}',
    access: 'admin',
    params: USER_ID,
    responses: { 200: { schema: messageResponseSchema } },
    refreshes: PEOPLE,
  },
  deactivateUser: {
    method: 'post',
    path: '/api/users/{id}/deactivate',
    access: 'admin',
    params: USER_ID,
    responses: { 204: {} },
    refreshes: PEOPLE,
  },
  reactivateUser: {
    method: 'post',
    path: '/api/users/{id}/reactivate',
    access: 'admin',
    params: USER_ID,
    responses: { 204: {} },
    refreshes: PEOPLE,
  },
  /** Erases a deactivated person's personal data for good, their full name typed to confirm (decision 038). */
  eraseUser: {
    method: 'post',
    path: '/api/users/{id}/erase',
    access: 'admin',
    params: USER_ID,
    body: eraseUserSchema,
    responses: { 204: {} },
    // Their name leaves every list of people and of entries.
    refreshes: [...PEOPLE, 'ownEntries', 'smt'],
  },
  /** Everything held about the person, as a file (the browser opens it in a new window, the cookie signing in). */
  downloadPersonalData: {
    method: 'get',
    path: '/api/users/{id}/personal-data',
    access: 'signed-in',
    params: USER_ID,
    query: personalDataQuerySchema,
    responses: { 200: { contentType: [PERSONAL_DATA_CONTENT_TYPES.json, PERSONAL_DATA_CONTENT_TYPES.csv] } },
  },
  setTemporaryPassword: {
    method: 'post',
    path: '/api/admin/set-temp-password',
    access: 'admin',
    body: tempPasswordSchema,
    responses: { 200: { schema: messageResponseSchema } },
    refreshes: PEOPLE,
  },
});
