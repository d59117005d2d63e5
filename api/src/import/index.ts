/** The import feature's public surface for other features. */
export { IMPORT_JOB_TABLES } from './import-jobs';
export { describeImportApi } from './import-openapi';
export { createImportRouter } from './import-routes';
