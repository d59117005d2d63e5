import { z } from 'zod';
import { defineRoutes } from '../routes/api-route';
import {
  xapiClientCreatedSchema,
  xapiClientEnabledSchema,
  xapiClientIdSchema,
  xapiClientInputSchema,
  xapiClientSchema,
} from './clients';

const CLIENT_ID = { id: xapiClientIdSchema };

/** The connected systems (xAPI clients) an administrator manages: their credentials for `PUBLIC_URL/xapi/`. */
export const xapiRoutes = defineRoutes({
  listXapiClients: {
    method: 'get',
    path: '/api/admin/xapi-clients',
    access: 'admin',
    responses: { 200: { schema: z.array(xapiClientSchema) } },
  },
  createXapiClient: {
    method: 'post',
    path: '/api/admin/xapi-clients',
    access: 'admin',
    body: xapiClientInputSchema,
    responses: { 201: { schema: xapiClientCreatedSchema } },
    refreshes: ['xapiClients'],
  },
  setXapiClientEnabled: {
    method: 'patch',
    path: '/api/admin/xapi-clients/{id}',
    access: 'admin',
    params: CLIENT_ID,
    body: xapiClientEnabledSchema,
    responses: { 200: { schema: xapiClientSchema } },
    refreshes: ['xapiClients'],
  },
  deleteXapiClient: {
    method: 'delete',
    path: '/api/admin/xapi-clients/{id}',
    access: 'admin',
    params: CLIENT_ID,
    responses: { 204: {} },
    refreshes: ['xapiClients'],
  },
});
