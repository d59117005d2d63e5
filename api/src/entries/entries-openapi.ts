import { ACCOUNT_MESSAGES, bulkEntriesResultSchema, ENTRY_MESSAGES as M, entriesRoutes, entryViewSchema } from '@tht/contracts';
import { describeRoutes, type DescribeFeatureApi } from '../openapi/operations';

/** The prose of the entries' routes (`entriesRoutes` in @tht/contracts). */
export const describeEntriesApi: DescribeFeatureApi = (settings) =>
  describeRoutes(
    entriesRoutes,
    {
      tag: { name: 'Entries', description: 'Training entries: logging, editing, lists' },
      schemas: { EntryView: entryViewSchema, BulkEntriesResult: bulkEntriesResultSchema },
      operations: {
        listEntries: {
          summary: "One person's entries, or everyone's",
          description:
            "With `userId`: that person's entries (themself, their manager, HR, SMT, admins). " +
            "Without: everyone's (HR, SMT and admins only). `year` limits to one year.",
          responses: { 200: 'Entries, latest first' },
          errors: { 403: [M.entriesAccessDenied, M.allEntriesAccessDenied] },
        },
        logEntry: {
          summary: 'Log an entry',
          description:
            "For oneself; a `userId` naming someone else needs the right to change that person's data. " +
            'Custom fields marked required must be filled.',
          responses: { 201: 'The new entry' },
          errors: { 403: [M.logOwnEntriesOnly], 404: [ACCOUNT_MESSAGES.userNotFound] },
        },
        logEntriesInBulk: {
          summary: 'Log many entries at once',
          description:
            'Each row has the shape of the `LogEntryRequest` body and is checked on its own: valid rows are logged, ' +
            'invalid ones are reported by index in `errors`.',
          responses: { 200: 'What was created and which rows failed' },
        },
        editEntry: {
          summary: "Replace an entry's details",
          description: '`userId` and `createdAt` may accompany the fields; they must name the entry as it is.',
          responses: { 200: 'The entry as edited' },
          errors: {
            400: [M.entryCannotMove, M.createdAtCannotChange],
            403: [M.changeOwnEntriesOnly],
            404: [M.entryNotFound],
          },
        },
        deleteEntry: {
          summary: 'Delete an entry',
          responses: { 200: 'Deleted' },
          errors: { 403: [M.changeOwnEntriesOnly], 404: [M.entryNotFound] },
        },
      },
    },
    settings,
  );
