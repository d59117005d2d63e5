import {
  CERTIFICATE_MESSAGES as M,
  CERTIFICATE_WINDOW_DAYS,
  certificatesRoutes,
  EXPIRED_CERTIFICATE_LISTED_DAYS,
  expiringCertificatesSchema,
  HR_MESSAGES,
  MAX_CERTIFICATE_WINDOW_DAYS,
} from '@tht/contracts';
import { describeRoutes, type DescribeFeatureApi } from '../openapi/operations';

const WHICH =
  `A certificate is an entry with \`validUntil\`; of a person's entries with the same training name (trimmed, ignoring case) ` +
  `only the latest by date counts, so a renewal takes the one it renews off the list. Listed: those valid until at most ` +
  `\`days\` (1 to ${MAX_CERTIFICATE_WINDOW_DAYS}, default ${CERTIFICATE_WINDOW_DAYS}) days from the server's today, and those ` +
  `that expired in the last ${EXPIRED_CERTIFICATE_LISTED_DAYS} days and were not renewed (\`daysLeft\` negative); leavers ` +
  'are left out. Soonest `validUntil` first.';

/** The prose of the expiring certificates' routes (`certificatesRoutes` in @tht/contracts). */
export const describeCertificatesApi: DescribeFeatureApi = (settings) =>
  describeRoutes(
    certificatesRoutes,
    {
      tag: { name: 'Certificates', description: 'Certificates that expire: a training entry valid until a date' },
      schemas: { ExpiringCertificates: expiringCertificatesSchema },
      operations: {
        listMyExpiringCertificates: {
          summary: "The signed-in person's certificates that expire",
          description: `My Dashboard's card. ${WHICH}`,
          responses: { 200: 'Their certificates expiring or lapsed' },
          errors: { 400: [M.invalidDays(MAX_CERTIFICATE_WINDOW_DAYS)] },
        },
        listExpiringCertificates: {
          summary: "The organisation's certificates that expire",
          description:
            `The HR View's "Certificates expiring": who, what, when and the days left. ${WHICH} \`departmentId\` keeps the ` +
            'people now in that department. `format=csv` answers the list as a CSV file download instead. HR and admins.',
          responses: { 200: 'The certificates expiring or lapsed, as JSON or CSV' },
          errors: {
            400: [M.invalidDays(MAX_CERTIFICATE_WINDOW_DAYS), M.invalidDepartmentId, M.certificatesFormat],
            403: [HR_MESSAGES.hrAccessRequired],
          },
        },
      },
    },
    settings,
  );
