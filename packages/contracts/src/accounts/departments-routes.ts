import { z } from 'zod';
import { defineRoutes } from '../routes/api-route';
import type { ReadFamily } from '../routes/read-families';
import { departmentSchema, messageResponseSchema } from './responses';
import { departmentIdSchema, departmentNameSchema } from './schemas';

const DEPARTMENT_ID = { id: departmentIdSchema };
// A rename moves the department's people to the new name; the overview counts departments.
const DEPARTMENT_READS: readonly ReadFamily[] = ['departments', 'adminStats', 'adminUsers', 'users'];

/** Departments: anyone reads (the registration form too), admins change. */
export const departmentsRoutes = defineRoutes({
  listDepartments: {
    method: 'get',
    path: '/api/departments',
    access: 'public',
    responses: { 200: { schema: z.array(departmentSchema) } },
  },
  createDepartment: {
    method: 'post',
    path: '/api/departments',
    access: 'admin',
    body: departmentNameSchema,
    responses: { 201: { schema: departmentSchema } },
    refreshes: DEPARTMENT_READS,
  },
  renameDepartment: {
    method: 'put',
    path: '/api/departments/{id}',
    access: 'admin',
    params: DEPARTMENT_ID,
    body: departmentNameSchema,
    responses: { 200: { schema: departmentSchema } },
    refreshes: DEPARTMENT_READS,
  },
  deleteDepartment: {
    method: 'delete',
    path: '/api/departments/{id}',
    access: 'admin',
    params: DEPARTMENT_ID,
    responses: { 200: { schema: messageResponseSchema } },
    refreshes: DEPARTMENT_READS,
  },
});
