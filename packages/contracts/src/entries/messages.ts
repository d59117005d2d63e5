import { ACCOUNT_MESSAGES } from '../accounts/messages';

/** Texts of the entry rules and their refusals, word for word. */
export const ENTRY_MESSAGES = {
  firstNameRequired: ACCOUNT_MESSAGES.firstNameRequired,
  lastNameRequired: ACCOUNT_MESSAGES.lastNameRequired,
  departmentRequired: ACCOUNT_MESSAGES.departmentRequired,
  managerRequired: 'Manager name is required',
  trainingNameRequired: 'Training name is required',
  dateRequired: 'Date is required',
  invalidDate: 'Date must be a real date written YYYY-MM-DD, in the years 1901 to 2099',
  invalidValidUntil: 'Valid until must be a real date written YYYY-MM-DD, in the years 1901 to 2099',
  validUntilAfterDate: 'Valid until must be after the training date',
  hoursRequired: 'Hours is required',
  hoursNotANumber: 'Hours must be a number',
  hoursNegative: 'Hours must be 0 or more',
  hoursStep: 'Hours must be in steps of 0.25',
  hoursTooLarge: (max: number) => `Hours must be at most ${max}`,
  trainingType: "Training type must be either 'internal' or 'external'",
  oneOf: (field: string, options: readonly string[]) => `${field} must be one of: ${options.join(', ')}`,
  storedRating: 'Rating must be a whole number from 0 to 5',
  screenRating: 'Rating must be a whole number from 1 to 5',
  beInnovative: 'Be Innovative must be true or false',
  customFieldsShape: 'Custom fields must be an object of field names and values',
  textTooLong: ACCOUNT_MESSAGES.textTooLong,

  // Bulk grid.
  missingTrainingName: 'Missing training name',
  missingOrInvalidDate: 'Missing or invalid date format',
  dateYearOutOfRange: 'Invalid date format',
  invalidPastedValues: (field: string) => `Invalid ${field} value(s)`,
  validOptions: (options: readonly string[]) => `Valid options: ${options.join(', ')}`,

  // Server answers.
  entryNotFound: 'Entry not found',
  changeOwnEntriesOnly: 'You can only change your own entries',
  logOwnEntriesOnly: 'You can only log entries for yourself',
  entryCannotMove: 'An entry cannot be moved to another person',
  createdAtCannotChange: 'The creation time of an entry cannot be changed',
  entriesAccessDenied: 'You do not have access to these entries',
  allEntriesAccessDenied: 'Only HR, SMT and admin users can list all entries',
  bulkEntriesRequired: 'entries must be a list with at least one entry',
  bulkTooManyEntries: (max: number) => `At most ${max} entries can be sent at once`,
  invalidYear: 'year must be a whole number from 1901 to 2099',
  invalidEntryId: 'Entry id must be a whole number of at least 1',
  invalidUserIdQuery: 'userId must be a whole number of at least 1',
} as const;
