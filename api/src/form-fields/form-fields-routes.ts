import {
  formFieldCreateSchema,
  formFieldOptionCreateSchema,
  formFieldOptionUpdateSchema,
  formFieldReorderSchema,
  formFieldsRoutes,
  formFieldUpdateSchema,
} from '@tht/contracts';
import { Router } from 'express';
import { accessGuards } from '../auth/access-guards';
import { actorOf } from '../platform/commands';
import type { AppContext } from '../platform/context';
import { parseWith } from '../platform/http';
import { mountRoutes } from '../platform/route-table';
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
  mountRoutes(router, accessGuards(ctx), formFieldsRoutes, {
    listFormFields: () => listFormFields(ctx.db),
    createFormField: ({ req }) => addFormField(ctx, parseWith(formFieldCreateSchema, req.body), actorOf(req)),
    updateFormField: ({ params, req }) => editFormField(ctx, params.id, parseWith(formFieldUpdateSchema, req.body), actorOf(req)),
    deleteFormField: async ({ params, req }) => {
      await deleteFormField(ctx, params.id, actorOf(req));
      return { message: 'Form field deleted' };
    },
    reorderFormField: ({ params, req }) => {
      const { order } = parseWith(formFieldReorderSchema, req.body);
      return reorderFormField(ctx, params.id, order, actorOf(req));
    },
    listFormFieldOptions: ({ params }) => listOptions(ctx.db, params.id),
    createFormFieldOption: ({ params, req }) =>
      addOption(ctx, params.id, parseWith(formFieldOptionCreateSchema, req.body), actorOf(req)),
    updateFormFieldOption: ({ params, req }) => {
      const { label } = parseWith(formFieldOptionUpdateSchema, req.body);
      return editOption(ctx, params.id, label, actorOf(req));
    },
    deleteFormFieldOption: async ({ params, req }) => {
      await deleteOption(ctx, params.id, actorOf(req));
      return { message: 'Option deleted' };
    },
  });
  return router;
}
