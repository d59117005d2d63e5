import { departmentIdSchema, departmentNameSchema } from '@tht/contracts';
import { Router } from 'express';
import { requireAuth, requireRole } from '../auth/require-auth';
import { actorOf } from '../platform/commands';
import type { AppContext } from '../platform/context';
import { parseWith } from '../platform/http';
import { createDepartment, deleteDepartment, renameDepartment } from './departments-commands';
import { listDepartments, toDepartment } from './departments-queries';

export function createDepartmentsRouter(ctx: AppContext): Router {
  const router = Router();
  const adminOnly = [requireAuth(ctx), requireRole('admin')];

  // Public: the registration form picks a department before anyone is signed in.
  router.get('/departments', async (_req, res) => {
    res.json((await listDepartments(ctx.db)).map(toDepartment));
  });

  router.post('/departments', ...adminOnly, async (req, res) => {
    const { name } = parseWith(departmentNameSchema, req.body);
    res.status(201).json(toDepartment(await createDepartment(ctx, name, actorOf(req))));
  });

  router.put('/departments/:id', ...adminOnly, async (req, res) => {
    const id = parseWith(departmentIdSchema, req.params.id);
    const { name } = parseWith(departmentNameSchema, req.body);
    res.json(toDepartment(await renameDepartment(ctx, id, name, actorOf(req))));
  });

  router.delete('/departments/:id', ...adminOnly, async (req, res) => {
    const id = parseWith(departmentIdSchema, req.params.id);
    await deleteDepartment(ctx, id, actorOf(req));
    res.json({ message: 'Department deleted' });
  });

  return router;
}
