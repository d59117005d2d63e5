/** The xapi-training feature's public surface: statements that become training entries (decision 045). */
export { createXapiTrainingRouter } from './xapi-training-routes';
export { describeXapiTrainingApi } from './xapi-training-openapi';
export { migrateXapiTraining } from './xapi-training-schema';
export { startXapiTrainingWorker, type XapiTrainingWorker } from './xapi-training-worker';
export { xapiTrainingStore } from './xapi-training-store';
