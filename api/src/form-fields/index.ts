/** The form-fields feature's public surface for other features. */
export { addFormField, addOption } from './form-fields-commands';
export {
  CUSTOM_FIELD_DEFINITION_TABLES,
  createCustomFieldDefinitionsCache,
  customFieldDefinitions,
} from './form-fields-definitions';
export { describeFormFieldsApi } from './form-fields-openapi';
export { loadCustomFieldDefinitions } from './form-fields-queries';
export { createFormFieldsRouter } from './form-fields-routes';
