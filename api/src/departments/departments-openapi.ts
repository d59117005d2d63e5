import {
  ACCOUNT_MESSAGES as M,
  departmentIdSchema,
  departmentNameSchema,
  departmentSchema,
  messageResponseSchema,
} from '@tht/contracts';
import { z } from 'zod';
import type { DescribeFeatureApi } from '../openapi/operations';

const DEPARTMENT_ID = { id: departmentIdSchema };

/** The routes of `departments-routes.ts`. */
export const describeDepartmentsApi: DescribeFeatureApi = () => ({
  tag: { name: 'Departments', description: 'The departments people belong to' },
  schemas: { Department: departmentSchema },
  operations: [
    {
      method: 'get',
      path: '/api/departments',
      operationId: 'listDepartments',
      summary: 'All departments',
      description: 'Public: the registration form picks a department before anyone is signed in.',
      access: 'public',
      responses: { 200: { description: 'Departments', schema: z.array(departmentSchema) } },
    },
    {
      method: 'post',
      path: '/api/departments',
      operationId: 'createDepartment',
      summary: 'Add a department',
      access: 'admin',
      body: departmentNameSchema,
      responses: { 201: { description: 'The new department', schema: departmentSchema } },
      errors: { 409: [M.departmentExists] },
    },
    {
      method: 'put',
      path: '/api/departments/{id}',
      operationId: 'renameDepartment',
      summary: 'Rename a department',
      description: 'Its users move along to the new name.',
      access: 'admin',
      params: DEPARTMENT_ID,
      body: departmentNameSchema,
      responses: { 200: { description: 'The renamed department', schema: departmentSchema } },
      errors: { 404: [M.departmentNotFound], 409: [M.departmentExists] },
    },
    {
      method: 'delete',
      path: '/api/departments/{id}',
      operationId: 'deleteDepartment',
      summary: 'Delete a department without users',
      access: 'admin',
      params: DEPARTMENT_ID,
      responses: { 200: { description: 'Deleted', schema: messageResponseSchema } },
      errors: { 404: [M.departmentNotFound], 409: [M.departmentHasUsers(2)] },
    },
  ],
});
