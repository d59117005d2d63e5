import { describeAccountsApi } from '../accounts/accounts-openapi';
import { describeAdminApi } from '../admin/admin-openapi';
import { describeAuditApi } from '../audit/audit-openapi';
import { describeCertificatesApi } from '../certificates';
import { describeDepartmentsApi } from '../departments/departments-openapi';
import { describeEntriesApi } from '../entries/entries-openapi';
import { describeEvidenceApi } from '../evidence/evidence-openapi';
import { describeExportApi } from '../export/export-openapi';
import { describeFormFieldsApi } from '../form-fields/form-fields-openapi';
import { describeHrApi } from '../hr/hr-openapi';
import { describeImportApi } from '../import/import-openapi';
import { describeManagerApi } from '../manager/manager-openapi';
import { describeNotificationsApi } from '../notifications';
import { describePlatformApi } from '../platform/platform-openapi';
import { describeSecondFactorApi } from '../second-factor/second-factor-openapi';
import { describeSmtApi } from '../smt/smt-openapi';
import { describeSsoApi } from '../sso/sso-openapi';
import { describeStatsApi } from '../stats/stats-openapi';
import { describeTargetsApi } from '../targets/targets-openapi';
import { describeUsersApi } from '../users/users-openapi';
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
  describePlatformApi,
  describeReferenceApi,
];
