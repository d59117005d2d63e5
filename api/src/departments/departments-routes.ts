import { departmentNameSchema, departmentsRoutes } from '@tht/contracts';
import { Router } from 'express';
import { accessGuards } from '../auth/access-guards';
import { actorOf } from '../platform/commands';
import type { AppContext } from '../platform/context';
import { parseWith } from '../platform/http';
import { mountRoutes } from '../platform/route-table';
import { createDepartment, deleteDepartment, renameDepartment } from './departments-commands';
import { listDepartments, toDepartment } from './departments-queries';

export function createDepartmentsRouter(ctx: AppContext): Router {
  const router = Router();
  mountRoutes(router, accessGuards(ctx), departmentsRoutes, {
    // Public: the registration form picks a department before anyone is signed in.
    listDepartments: async () => (await listDepartments(ctx.db)).map(toDepartment),
    createDepartment: async ({ req }) => {
      const { name } = parseWith(departmentNameSchema, req.body);
      return toDepartment(await createDepartment(ctx, name, actorOf(req)));
    },
    renameDepartment: async ({ params, req }) => {
      const { name } = parseWith(departmentNameSchema, req.body);
      return toDepartment(await renameDepartment(ctx, params.id, name, actorOf(req)));
    },
    deleteDepartment: async ({ params, req }) => {
      await deleteDepartment(ctx, params.id, actorOf(req));
      return { message: 'Department deleted' };
    },
  });
  return router;
}
