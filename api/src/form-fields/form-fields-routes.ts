import {
  formFieldCreateSchema,
  formFieldIdSchema,
  formFieldOptionCreateSchema,
  formFieldOptionIdSchema,
  formFieldOptionUpdateSchema,
  formFieldReorderSchema,
  formFieldUpdateSchema,
} from '@tht/contracts';
import { Router } from 'express';
import { requireAuth, requireRole } from '../auth/require-auth';
import { actorOf } from '../platform/commands';
import type { AppContext } from '../platform/context';
import { parseWith } from '../platform/http';
import {
  addFormField,
  addOption,
  deleteFormField,
  deleteOption,
  editFormField,
  editOption,
  reorderFormField,
} from './form-fields-commands';
import { listFormFields, listOptions } from './form-fields-queries';

/** Custom form fields and their options: anyone signed in reads, admins change. */
export function createFormFieldsRouter(ctx: AppContext): Router {
  const router = Router();
  const signedIn = requireAuth(ctx);
  const adminOnly = [signedIn, requireRole('admin')];

  router.get('/form-fields', signedIn, async (_req, res) => {
    res.json(await listFormFields(ctx.db));
  });

  router.post('/form-fields', ...adminOnly, async (req, res) => {
    const input = parseWith(formFieldCreateSchema, req.body);
    res.status(201).json(await addFormField(ctx, input, actorOf(req)));
  });

  router.put('/form-fields/:id', ...adminOnly, async (req, res) => {
    const fieldId = parseWith(formFieldIdSchema, req.params.id);
    const input = parseWith(formFieldUpdateSchema, req.body);
    res.json(await editFormField(ctx, fieldId, input, actorOf(req)));
  });

  router.delete('/form-fields/:id', ...adminOnly, async (req, res) => {
    const fieldId = parseWith(formFieldIdSchema, req.params.id);
    await deleteFormField(ctx, fieldId, actorOf(req));
    res.json({ message: 'Form field deleted' });
  });

  router.put('/form-fields/:id/order', ...adminOnly, async (req, res) => {
    const fieldId = parseWith(formFieldIdSchema, req.params.id);
    const { order } = parseWith(formFieldReorderSchema, req.body);
    res.json(await reorderFormField(ctx, fieldId, order, actorOf(req)));
  });

  router.get('/form-fields/:id/options', signedIn, async (req, res) => {
    res.json(await listOptions(ctx.db, parseWith(formFieldIdSchema, req.params.id)));
  });

  router.post('/form-fields/:id/options', ...adminOnly, async (req, res) => {
    const fieldId = parseWith(formFieldIdSchema, req.params.id);
    const input = parseWith(formFieldOptionCreateSchema, req.body);
    res.status(201).json(await addOption(ctx, fieldId, input, actorOf(req)));
  });

  router.put('/form-field-options/:id', ...adminOnly, async (req, res) => {
    const optionId = parseWith(formFieldOptionIdSchema, req.params.id);
    const { label } = parseWith(formFieldOptionUpdateSchema, req.body);
    res.json(await editOption(ctx, optionId, label, actorOf(req)));
  });

  router.delete('/form-field-options/:id', ...adminOnly, async (req, res) => {
    const optionId = parseWith(formFieldOptionIdSchema, req.params.id);
    await deleteOption(ctx, optionId, actorOf(req));
    res.json({ message: 'Option deleted' });
  });

  return router;
}
