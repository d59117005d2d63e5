import { ACCOUNT_MESSAGES } from '../accounts/messages';

/** A whole number as English writes it (16,384). */
const count = (value: number) => value.toLocaleString('en-US');

/** Texts of the Admin panel and its API: screens, refusals and toasts, word for word. */
export const ADMIN_MESSAGES = {
  // Access (a 403 on the user list).
  adminRequired: ACCOUNT_MESSAGES.adminRequired,
  adminRequiredDescription: 'You need admin access to manage users',

  // Header, tabs and cards.
  title: 'Admin Panel',
  exportAllData: 'Export All Data',
  /** The whole instance as a workbook with every entry's evidence files, in a zip the import reads back. */
  exportWithEvidence: 'Export with Evidence',
  tabs: {
    users: 'User Management',
    formFields: 'Form Fields',
    departments: 'Departments',
    fiscalYears: 'Fiscal Years',
    import: 'Import Data',
    bulkImport: 'Bulk Import',
    auditLog: 'Audit Log',
    connectedSystems: 'Connected systems',
  },
  statCards: {
    totalUsers: 'Total Users',
    totalEntries: 'Total Entries',
    totalHours: 'Total Hours',
    totalDepartments: 'Departments',
  },
  syncRoles: 'Sync Roles',
  noUsersFound: 'No users found',
  deactivateUserQuestion: (name: string, email: string) =>
    `Deactivate ${name} (${email})? They are signed out at once and can no longer sign in; their entries stay in every figure and export. You can reactivate them later.`,
  noFiscalYears: 'No fiscal years configured yet.',

  // Failure toasts.
  failedToCreateUser: 'Failed to create user',
  failedToUpdateUser: 'Failed to update user',
  failedToDeleteUser: 'Failed to delete user',
  failedToDeactivateUser: 'Failed to deactivate user',
  failedToEraseUser: 'Failed to erase user',
  eraseUserWarning: (name: string) =>
    `Erase ${name}'s personal data for good: their name, e-mail, notes and free-text fields can no longer be read anywhere, the audit log included. Their hours and ratings stay in the figures as "Erased person". This cannot be undone.`,
  failedToReactivateUser: 'Failed to reactivate user',
  failedToSetTemporaryPassword: 'Failed to set temporary password',
  failedToSyncRoles: 'Failed to sync roles',
  failedToCreateFiscalYear: 'Failed to create fiscal year',
  failedToAddFormField: 'Failed to add form field',
  failedToUpdateFormField: 'Failed to update form field',
  failedToDeleteFormField: 'Failed to delete form field',
  failedToAddDepartment: 'Failed to add department',
  failedToUpdateDepartment: 'Failed to update department',
  failedToDeleteDepartment: 'Failed to delete department',
  failedToUpdateFieldOrder: 'Failed to update field order',
  failedToFetchUsers: 'Failed to fetch users',
  failedToLoadUsers: 'Failed to load users',
  failedToLoadEmployees: 'Failed to load employees. Please try refreshing the page.',
  failedToFetchFiscalYears: 'Failed to fetch fiscal years',

  // Role sync.
  rolesSynced: (promoted: number, demoted: number) => `${promoted} promoted, ${demoted} demoted`,

  // Admin bulk entries.
  noEmployeeSelected: 'No employee selected',
  adminTargetRefused: 'Entries cannot be imported for an admin user; pick an employee',
  duplicateEntry: 'Already recorded: same person, training name and date',

  // Import.
  importSucceeded: 'Data import completed successfully!',
  duplicatesSkipped: (count: number) => `${count} duplicate ${count === 1 ? 'entry' : 'entries'} skipped`,
  importFileRequired: 'Choose a CSV or XLSX file to import (form field "file")',
  importOneFileOnly: 'Send one file at a time',
  importNotMultipart: 'Send the file as multipart/form-data',
  importUploadCutOff: 'The upload was cut off before the whole file arrived',
  importTooLarge: (megabytes: number) => `The file is larger than ${megabytes} MB; split it into smaller files`,
  importUnsupportedType: 'Only CSV (.csv), Excel (.xlsx) and export with evidence (.zip) files can be imported',
  importArchiveWithoutExport: 'The zip holds no export file (.csv or .xlsx) at its top: export with evidence again',
  evidenceEntryNotImported: (path: string) => `${path}: not attached, its entry was not imported`,
  evidenceNotAttached: (path: string, reason: string) => `${path}: not attached: ${reason}`,
  importBrokenFile: (format: string, reason: string) => `The file could not be read as ${format}: ${reason}`,
  importEmptyFile: 'The file has no rows to import',
  importTooManyRows: (max: number) => `The file has more than ${max} rows; split it into smaller files`,
  importUnpacksTooLarge: (reason: string) => `The workbook is too large once unpacked: ${reason}; split it into smaller files`,

  // Why an import refuses a file beyond its limits (IMPORT_LIMITS): reasons of importBrokenFile or importUnpacksTooLarge.
  partBeyondSize: (part: string, megabytes: number) => `${part} unpacks to more than ${count(megabytes)} MB`,
  partBeyondRatio: (part: string, ratio: number) => `${part} unpacks to more than ${count(ratio)} times its packed size`,
  workbookBeyondSize: (megabytes: number) => `its parts unpack to more than ${count(megabytes)} MB in all`,
  partNotStatedSize: (part: string) => `${part} does not unpack to the size its zip directory states`,
  tooManyZipParts: (max: number) => `its zip archive lists more than ${count(max)} files`,
  columnBeyondLimit: (cell: string, max: number) =>
    `cell ${cell} is beyond the last column, XFD (a sheet has at most ${count(max)} columns)`,
  rowBeyondLimit: (row: string, max: number) => `row ${row} is beyond the last row (a sheet has at most ${count(max)} rows)`,
  tooManyCells: (max: number) => `a sheet has more than ${count(max)} cells`,
  tooManySharedStrings: (max: number) => `it has more than ${count(max)} shared strings`,
  sharedStringsTooLarge: (megabytes: number) => `its shared strings hold more than ${count(megabytes)} MB of text`,
  rowTooLong: (kilobytes: number) => `a row is longer than ${count(kilobytes)} KB`,
  sharedStringTooLong: (kilobytes: number) => `a shared string is longer than ${count(kilobytes)} KB`,
  importUnknownColumns:
    "The CSV's columns are neither those of Export All Data nor the bulk grid's order " +
    '(training name, date, hours, manager, department, type, given by, rating, innovative, notes)',
  importUnknownSheets: (sheets: readonly string[]) =>
    `The workbook has none of the sheets of Export All Data (${sheets.join(', ')})`,
  importMissingColumns: (sheet: string, columns: readonly string[]) =>
    `Sheet ${sheet} lacks the column${columns.length === 1 ? '' : 's'} ${columns.join(', ')}`,
  importNeedsEmployee: 'This file has no person column: pick the employee whose entries these are',
  importJobNotFound: 'No import with this id is known (imports are kept for 1 hour after they finish)',
  importStopped: 'The import stopped unexpectedly; what was written stays, and importing the file again skips it.',
  invalidImportId: 'Import id must be a UUID',
  importDryRunFlag: "dryRun must be 'true' or 'false'",
  importRolesNotConfirmed:
    'This file creates accounts with a role above employee: check it first (dryRun=true), review the accounts its report lists, ' +
    "then import it with confirmRoles set to the report's rolesConfirmation",
  importRolesChanged:
    'The accounts this file creates with a role above employee are not the ones confirmed (another file, or the users changed since its check): check it again and confirm its list',

  // Row errors of an import.
  unknownPerson: (email: string) => `No user has the e-mail ${email}, and the file does not add one`,
  personRequired: 'employeeEmail is required',
  ownerNotImported: "Not imported: this person's account could not be created (see their Users row)",
  unknownManagerRow: (id: string) => `managerId ${id} names no user of the Users sheet`,
  invalidOptionLabels: 'options must be a JSON list of option labels, e.g. ["Beginner","Advanced"]',
  nameRequired: 'name is required',
  repeatedRow: (what: string) => `${what} appears more than once in the file`,
} as const;
