import { ACCOUNT_MESSAGES as M, departmentSchema, departmentsRoutes } from '@tht/contracts';
import { describeRoutes, type DescribeFeatureApi } from '../openapi/operations';

/** The prose of the departments' routes (`departmentsRoutes` in @tht/contracts). */
export const describeDepartmentsApi: DescribeFeatureApi = (settings) =>
  describeRoutes(
    departmentsRoutes,
    {
      tag: { name: 'Departments', description: 'The departments people belong to' },
      schemas: { Department: departmentSchema },
      operations: {
        listDepartments: {
          summary: 'All departments',
          description: 'Public: the registration form picks a department before anyone is signed in.',
          responses: { 200: 'Departments' },
        },
        createDepartment: {
          summary: 'Add a department',
          responses: { 201: 'The new department' },
          errors: { 409: [M.departmentExists] },
        },
        renameDepartment: {
          summary: 'Rename a department',
          description: 'Its users move along to the new name.',
          responses: { 200: 'The renamed department' },
          errors: { 404: [M.departmentNotFound], 409: [M.departmentExists] },
        },
        deleteDepartment: {
          summary: 'Delete a department without users',
          responses: { 200: 'Deleted' },
          errors: { 404: [M.departmentNotFound], 409: [M.departmentHasUsers(2)] },
        },
      },
    },
    settings,
  );
