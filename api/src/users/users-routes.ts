import {
  adminUserCreateSchema,
  adminUserUpdateSchema,
  eraseUserSchema,
  profileUpdateSchema,
  tempPasswordSchema,
  usersRoutes,
} from '@tht/contracts';
import { Router } from 'express';
import { accessGuards } from '../auth/access-guards';
import { isAdmin } from '../auth/policy';
import { signedInUser } from '../auth/require-auth';
import { actorOf } from '../platform/commands';
import type { AppContext } from '../platform/context';
import { parseWith } from '../platform/http';
import { jsonOf, responseKey, sendReadModelJson } from '../platform/read-responses';
import { mountRoutes } from '../platform/route-table';
import { eraseUser } from './erasure';
import { downloadPersonalData } from './personal-data-download';
import {
  addUser,
  assertMayEditUser,
  deactivateUser,
  deleteUser,
  reactivateUser,
  setTemporaryPassword,
  updateUser,
} from './users-commands';
import { assertMaySeeStatus, getUser, listUsers, toUser, toUserSummary } from './users-queries';

export function createUsersRouter(ctx: AppContext): Router {
  const router = Router();
  const domain = ctx.config.orgEmailDomain;
  mountRoutes(router, accessGuards(ctx), usersRoutes, {
    // Admins get the full records (admin panel); everyone else the directory fields (manager pool).
    // Deactivated accounts (`status`) for HR and admins only.
    listUsers: async ({ query: { status }, req, res }) => {
      const viewer = signedInUser(req);
      assertMaySeeStatus(viewer, status);
      const full = isAdmin(viewer);
      const present = full ? toUser : toUserSummary;
      await sendReadModelJson(
        ctx,
        req,
        res,
        responseKey('users', full, status),
        jsonOf(async () => (await listUsers(ctx.db, status)).map(present)),
      );
    },
    getUser: async ({ params, req, res }) => {
      const viewer = signedInUser(req);
      const full = viewer.id === params.id || isAdmin(viewer);
      const present = full ? toUser : toUserSummary;
      await sendReadModelJson(
        ctx,
        req,
        res,
        responseKey('user', params.id, full),
        jsonOf(async () => present(await getUser(ctx.db, params.id))),
      );
    },
    createUser: async ({ req }) => {
      const input = parseWith(adminUserCreateSchema(domain), req.body);
      return toUser(await addUser(ctx, input, { registered: false, firstLoginRequired: true }, actorOf(req)));
    },
    updateUser: async ({ params, req }) => {
      const editor = signedInUser(req);
      assertMayEditUser(editor, params.id);
      const input = parseWith(isAdmin(editor) ? adminUserUpdateSchema(domain) : profileUpdateSchema, req.body);
      return toUser(await updateUser(ctx, editor, params.id, input, actorOf(req)));
    },
    deleteUser: async ({ params, req }) => {
      await deleteUser(ctx, signedInUser(req), params.id, actorOf(req));
      return { message: 'User deleted' };
    },
    deactivateUser: async ({ params, req, res }) => {
      await deactivateUser(ctx, params.id, actorOf(req));
      res.status(204).end();
    },
    reactivateUser: async ({ params, req, res }) => {
      await reactivateUser(ctx, params.id, actorOf(req));
      res.status(204).end();
    },
    eraseUser: async ({ params, req, res }) => {
      const { confirmName } = parseWith(eraseUserSchema, req.body);
      await eraseUser(ctx, params.id, confirmName, actorOf(req));
      res.status(204).end();
    },
    downloadPersonalData: async ({ params, query, req, res }) => {
      const file = await downloadPersonalData(ctx, signedInUser(req), params.id, query.format, actorOf(req));
      res.attachment(file.name).type(file.contentType).set('Cache-Control', 'no-store').send(file.body);
    },
    setTemporaryPassword: async ({ req }) => {
      const { userId, tempPassword } = parseWith(tempPasswordSchema, req.body);
      await setTemporaryPassword(ctx, userId, tempPassword, actorOf(req));
      return { message: 'Temporary password set. The user must choose a new password at the next sign-in.' };
    },
  });
  return router;
}
