import { z } from 'zod';
import { messageResponseSchema } from '../accounts/responses';
import { defineRoutes } from '../routes/api-route';
import type { ReadFamily } from '../routes/read-families';
import { formFieldOptionViewSchema, formFieldViewSchema } from './responses';
import {
  formFieldCreateSchema,
  formFieldIdSchema,
  formFieldOptionCreateSchema,
  formFieldOptionIdSchema,
  formFieldOptionUpdateSchema,
  formFieldReorderSchema,
  formFieldUpdateSchema,
} from './schemas';

const FIELD_ID = { id: formFieldIdSchema };
const OPTION_ID = { id: formFieldOptionIdSchema };
// The field list carries each select field's options.
const FORM_FIELDS: readonly ReadFamily[] = ['formFields'];

/** Custom form fields and their options: anyone signed in reads, admins change. */
export const formFieldsRoutes = defineRoutes({
  listFormFields: {
    method: 'get',
    path: '/api/form-fields',
    access: 'signed-in',
    responses: { 200: { schema: z.array(formFieldViewSchema) } },
  },
  createFormField: {
    method: 'post',
    path: '/api/form-fields',
    access: 'admin',
    body: formFieldCreateSchema,
    responses: { 201: { schema: formFieldViewSchema } },
    refreshes: FORM_FIELDS,
  },
  updateFormField: {
    method: 'put',
    path: '/api/form-fields/{id}',
    access: 'admin',
    params: FIELD_ID,
    body: formFieldUpdateSchema,
    responses: { 200: { schema: formFieldViewSchema } },
    refreshes: FORM_FIELDS,
  },
  deleteFormField: {
    method: 'delete',
    path: '/api/form-fields/{id}',
    access: 'admin',
    params: FIELD_ID,
    responses: { 200: { schema: messageResponseSchema } },
    refreshes: FORM_FIELDS,
  },
  reorderFormField: {
    method: 'put',
    path: '/api/form-fields/{id}/order',
    access: 'admin',
    params: FIELD_ID,
    body: formFieldReorderSchema,
    responses: { 200: { schema: formFieldViewSchema } },
    refreshes: FORM_FIELDS,
  },
  listFormFieldOptions: {
    method: 'get',
    path: '/api/form-fields/{id}/options',
    access: 'signed-in',
    params: FIELD_ID,
    responses: { 200: { schema: z.array(formFieldOptionViewSchema) } },
  },
  createFormFieldOption: {
    method: 'post',
    path: '/api/form-fields/{id}/options',
    access: 'admin',
    params: FIELD_ID,
    body: formFieldOptionCreateSchema,
    responses: { 201: { schema: formFieldOptionViewSchema } },
    refreshes: FORM_FIELDS,
  },
  updateFormFieldOption: {
    method: 'put',
    path: '/api/form-field-options/{id}',
    access: 'admin',
    params: OPTION_ID,
    body: formFieldOptionUpdateSchema,
    responses: { 200: { schema: formFieldOptionViewSchema } },
    refreshes: FORM_FIELDS,
  },
  deleteFormFieldOption: {
    method: 'delete',
    path: '/api/form-field-options/{id}',
    access: 'admin',
    params: OPTION_ID,
    responses: { 200: { schema: messageResponseSchema } },
    refreshes: FORM_FIELDS,
  },
});
