import {
  adminUserCreateSchema,
  adminUserUpdateSchema,
  profileUpdateSchema,
  tempPasswordSchema,
  userIdSchema,
} from '@tht/contracts';
import { Router } from 'express';
import { isAdmin } from '../auth/policy';
import { requireAuth, requireRole, signedInUser } from '../auth/require-auth';
import { actorOf } from '../platform/commands';
import type { AppContext } from '../platform/context';
import { parseWith } from '../platform/http';
import { jsonOf, responseKey, sendReadModelJson } from '../platform/read-responses';
import { addUser, assertMayEditUser, deleteUser, setTemporaryPassword, updateUser } from './users-commands';
import { getUser, listUsers, toUser, toUserSummary } from './users-queries';

export function createUsersRouter(ctx: AppContext): Router {
  const router = Router();
  const signedIn = requireAuth(ctx);
  const adminOnly = [signedIn, requireRole('admin')];
  const domain = ctx.config.orgEmailDomain;

  // Admins get the full records (admin panel); everyone else the directory fields (manager pool).
  router.get('/users', signedIn, async (req, res) => {
    const full = isAdmin(signedInUser(req));
    const present = full ? toUser : toUserSummary;
    await sendReadModelJson(
      ctx,
      req,
      res,
      responseKey('users', full),
      jsonOf(async () => (await listUsers(ctx.db)).map(present)),
    );
  });

  router.get('/users/:id', signedIn, async (req, res) => {
    const viewer = signedInUser(req);
    const userId = parseWith(userIdSchema, req.params.id);
    const full = viewer.id === userId || isAdmin(viewer);
    const present = full ? toUser : toUserSummary;
    await sendReadModelJson(
      ctx,
      req,
      res,
      responseKey('user', userId, full),
      jsonOf(async () => present(await getUser(ctx.db, userId))),
    );
  });

  router.post('/users', ...adminOnly, async (req, res) => {
    const input = parseWith(adminUserCreateSchema(domain), req.body);
    const user = await addUser(ctx, input, { registered: false, firstLoginRequired: true }, actorOf(req));
    res.status(201).json(toUser(user));
  });

  router.put('/users/:id', signedIn, async (req, res) => {
    const editor = signedInUser(req);
    const userId = parseWith(userIdSchema, req.params.id);
    assertMayEditUser(editor, userId);
    const input = parseWith(isAdmin(editor) ? adminUserUpdateSchema(domain) : profileUpdateSchema, req.body);
    res.json(toUser(await updateUser(ctx, editor, userId, input, actorOf(req))));
  });

  router.delete('/users/:id', ...adminOnly, async (req, res) => {
    await deleteUser(ctx, signedInUser(req), parseWith(userIdSchema, req.params.id), actorOf(req));
    res.json({ message: 'User deleted' });
  });

  router.post('/admin/set-temp-password', ...adminOnly, async (req, res) => {
    const { userId, tempPassword } = parseWith(tempPasswordSchema, req.body);
    await setTemporaryPassword(ctx, userId, tempPassword, actorOf(req));
    res.json({ message: 'Temporary password set. The user must choose a new password at the next sign-in.' });
  });

  return router;
}
