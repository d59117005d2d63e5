/** The targets feature's public surface for other features. */
export { createUserTarget, createYearlyTarget } from './targets-commands';
export { describeTargetsApi } from './targets-openapi';
export { targetHoursOf, targetSourcesSql, type TargetSourceColumns } from './targets-queries';
export { createTargetsRouter } from './targets-routes';
