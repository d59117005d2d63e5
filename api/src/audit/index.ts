/** The audit feature's public surface for other features. */
export { peopleNames, recordEvents } from './history-queries';
export { describeAuditApi } from './audit-openapi';
export { createAuditRouter } from './audit-routes';
