import { exportRoutes, HR_MESSAGES as M } from '@tht/contracts';
import { asOfRead } from '../as-of';
import { describeRoutes, type DescribeFeatureApi } from '../openapi/operations';

/** The prose of the export's route (`exportRoutes` in @tht/contracts). */
export const describeExportApi: DescribeFeatureApi = (settings) =>
  describeRoutes(
    exportRoutes,
    {
      tag: { name: 'Export', description: 'All data as a spreadsheet file' },
      operations: {
        exportAllData: asOfRead({
          summary: 'Download all data as CSV or an Excel workbook, with the evidence files in a zip',
          description:
            'HR, SMT and admins. A file download (`Content-Disposition: attachment`, named after the organisation domain and the date) ' +
            'that also works when a browser window opens the address: the `authToken` cookie signs in. ' +
            '`format=csv` (default): one row per entry with every field, custom fields as `custom:<name>` columns and the employee e-mail (columns listed in the README). ' +
            '`format=xlsx`: sheets Entries, Users, Targets, Fiscal years, Departments and Form fields (option labels as a JSON list). `year` limits entries, targets and fiscal years to one year; ' +
            '`innovative=true` exports only innovative entries. Text a spreadsheet would run as a formula, at its start or after a `,`, `;` or tab, gets an apostrophe there; a CSV field holding a separator (`,`, `;`, tab), a quote or a line break is quoted. ' +
            "`evidence=true`: a zip (`application/zip`) of that file and a folder per person, `<userId> <first> <last>/`, with `entries.csv` (their entries) and each file attached to their entries as `evidence/<entryId>/<evidenceId> <file name>`; the admin import reads it back and attaches each file to its entry again. HR and admins only (SMT sees no one's files); not with `asOf`: the files are exported as they are now.",
          responses: { 200: 'The file, streamed' },
          headers: {
            200: {
              'Content-Disposition':
                'attachment; filename="training-hours-<domain>-<YYYY-MM-DD>[-<year>][-innovative][-as-of-<YYYY-MM-DD>][-with-evidence].<csv|xlsx|zip>"',
            },
          },
          errors: { 400: [M.exportEvidenceNotAsOf], 403: [M.exportAccessRequired, M.exportEvidenceAccessRequired] },
        }),
      },
    },
    settings,
  );
