import { describeAccountsApi } from '../accounts';
import { describeAdminApi } from '../admin';
import { describeAuditApi } from '../audit';
import { describeCertificatesApi } from '../certificates';
import { describeDepartmentsApi } from '../departments';
import { describeEntriesApi } from '../entries';
import { describeEvidenceApi } from '../evidence';
import { describeExportApi } from '../export';
import { describeFormFieldsApi } from '../form-fields';
import { describeHrApi } from '../hr';
import { describeImportApi } from '../import';
import { describeManagerApi } from '../manager';
import { describeNotificationsApi } from '../notifications';
import { describeUnsubscribeApi } from '../outbox';
import { describePlatformApi } from '../platform/platform-openapi';
import { describeSecondFactorApi } from '../second-factor';
import { describeSmtApi } from '../smt';
import { describeSsoApi } from '../sso';
import { describeStatsApi } from '../stats';
import { describeTargetsApi } from '../targets';
import { describeUsersApi } from '../users';
import { describeXapiApi } from '../xapi';
import { describeXapiTrainingApi } from '../xapi-training';
import type { DescribeFeatureApi } from './operations';
import { describeReferenceApi } from './reference-openapi';

/**
 * Every feature's `<feature>-openapi.ts`, one line each, in the order of the reference page. A
 * route registered in the app but described by none of them fails `openapi.int.test.ts`.
 */
export const FEATURE_APIS: readonly DescribeFeatureApi[] = [
  describeAccountsApi,
  describeSsoApi,
  describeSecondFactorApi,
  describeUsersApi,
  describeDepartmentsApi,
  describeEntriesApi,
  describeEvidenceApi,
  describeStatsApi,
  describeManagerApi,
  describeTargetsApi,
  describeHrApi,
  describeCertificatesApi,
  describeExportApi,
  describeSmtApi,
  describeFormFieldsApi,
  describeAdminApi,
  describeImportApi,
  describeNotificationsApi,
  describeAuditApi,
  describeXapiApi,
  describeXapiTrainingApi,
  describeUnsubscribeApi,
  describePlatformApi,
  describeReferenceApi,
];
