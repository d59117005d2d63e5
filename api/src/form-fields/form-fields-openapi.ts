import { FORM_FIELD_MESSAGES as M, formFieldOptionViewSchema, formFieldsRoutes, formFieldViewSchema } from '@tht/contracts';
import { describeRoutes, type DescribeFeatureApi } from '../openapi/operations';

const EXAMPLE_NAME = 'costCentre';
const EXAMPLE_OPTION_VALUE = 'project_management';

/** The prose of the form fields' routes (`formFieldsRoutes` in @tht/contracts). */
export const describeFormFieldsApi: DescribeFeatureApi = (settings) =>
  describeRoutes(
    formFieldsRoutes,
    {
      tag: { name: 'Form fields', description: 'Custom fields of the entry form and their options' },
      schemas: { FormField: formFieldViewSchema, FormFieldOption: formFieldOptionViewSchema },
      operations: {
        listFormFields: { summary: 'The custom fields, in form order', responses: { 200: 'Fields with their options' } },
        createFormField: {
          summary: 'Add a field',
          description: 'New fields go last; a sent `order` is ignored.',
          responses: { 201: 'The new field' },
          errors: { 409: [M.nameTaken(EXAMPLE_NAME)] },
        },
        updateFormField: {
          summary: "Change a field's properties",
          responses: { 200: 'The field as changed' },
          errors: { 404: [M.fieldNotFound], 409: [M.nameTaken(EXAMPLE_NAME)] },
        },
        deleteFormField: { summary: 'Delete a field', responses: { 200: 'Deleted' }, errors: { 404: [M.fieldNotFound] } },
        reorderFormField: {
          summary: 'Move a field to a position (1-based)',
          responses: { 200: 'The field at its new position' },
          errors: { 404: [M.fieldNotFound] },
        },
        listFormFieldOptions: {
          summary: "A field's options, in order",
          responses: { 200: 'Options' },
          errors: { 404: [M.fieldNotFound] },
        },
        createFormFieldOption: {
          summary: 'Add an option to a select field',
          description: 'The stored value is derived from the label; a sent `value` is ignored.',
          responses: { 201: 'The new option' },
          errors: { 400: [M.optionsOnlyForSelect], 404: [M.fieldNotFound], 409: [M.optionValueTaken(EXAMPLE_OPTION_VALUE)] },
        },
        updateFormFieldOption: {
          summary: "Change an option's label (and so its value)",
          responses: { 200: 'The option as changed' },
          errors: { 404: [M.optionNotFound], 409: [M.optionValueTaken(EXAMPLE_OPTION_VALUE)] },
        },
        deleteFormFieldOption: { summary: 'Delete an option', responses: { 200: 'Deleted' }, errors: { 404: [M.optionNotFound] } },
      },
    },
    settings,
  );
