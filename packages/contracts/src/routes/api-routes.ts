import { departmentsRoutes } from '../accounts/departments-routes';
import { accountsRoutes } from '../accounts/routes';
import { secondFactorRoutes } from '../accounts/second-factor-routes';
import { ssoRoutes } from '../accounts/sso-routes';
import { usersRoutes } from '../accounts/users-routes';
import { importRoutes } from '../admin/import-routes';
import { adminRoutes } from '../admin/routes';
import { auditRoutes } from '../audit/routes';
import { certificatesRoutes } from '../certificates/routes';
import { entriesRoutes } from '../entries/routes';
import { evidenceRoutes } from '../evidence/routes';
import { exportRoutes } from '../export/routes';
import { formFieldsRoutes } from '../form-fields/routes';
import { hrRoutes } from '../hr/routes';
import { managerRoutes } from '../manager/routes';
import { notificationsRoutes } from '../notifications/routes';
import { unsubscribeRoutes } from '../notifications/unsubscribe';
import { smtRoutes } from '../smt/routes';
import { statsRoutes } from '../stats/routes';
import { platformRoutes, referenceRoutes } from '../platform/routes';
import { targetsRoutes } from '../targets/routes';
import { xapiRoutes } from '../xapi/routes';
import { xapiTrainingRoutes } from '../xapi/training-routes';
import type { ApiRoute } from './api-route';

/**
 * The API, one group per feature in the order of the reference page: every route the server
 * serves, the OpenAPI document describes and the browser may call.
 */
export const API_ROUTES = {
  accounts: accountsRoutes,
  sso: ssoRoutes,
  secondFactor: secondFactorRoutes,
  users: usersRoutes,
  departments: departmentsRoutes,
  entries: entriesRoutes,
  evidence: evidenceRoutes,
  stats: statsRoutes,
  manager: managerRoutes,
  targets: targetsRoutes,
  hr: hrRoutes,
  certificates: certificatesRoutes,
  export: exportRoutes,
  smt: smtRoutes,
  formFields: formFieldsRoutes,
  admin: adminRoutes,
  import: importRoutes,
  notifications: notificationsRoutes,
  unsubscribe: unsubscribeRoutes,
  audit: auditRoutes,
  xapi: xapiRoutes,
  xapiTraining: xapiTrainingRoutes,
  platform: platformRoutes,
  reference: referenceRoutes,
} as const;

export type ApiFeature = keyof typeof API_ROUTES;

type Groups = typeof API_ROUTES;
/** Every operation id of the API. */
export type OperationId = { [Feature in ApiFeature]: keyof Groups[Feature] & string }[ApiFeature];
/** The route of an operation id. */
export type RouteOf<Id extends OperationId> = {
  [Feature in ApiFeature]: Id extends keyof Groups[Feature] ? Groups[Feature][Id] : never;
}[ApiFeature];

/** Every route with its operation id. */
export const EVERY_ROUTE: readonly (ApiRoute & { operationId: OperationId })[] = Object.values(API_ROUTES).flatMap((group) =>
  Object.entries(group).map(([operationId, route]: [string, ApiRoute]) => ({ ...route, operationId: operationId as OperationId })),
);
