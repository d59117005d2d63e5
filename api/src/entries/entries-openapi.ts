import {
  ACCOUNT_MESSAGES,
  bulkEntriesRequestSchema,
  bulkEntriesResultSchema,
  ENTRY_MESSAGES as M,
  entriesQuerySchema,
  entryIdSchema,
  entryInputSchema,
  entryViewSchema,
  messageResponseSchema,
} from '@tht/contracts';
import { z } from 'zod';
import type { DescribeFeatureApi } from '../openapi/operations';

const ENTRY_ID = { id: entryIdSchema };

/** The routes of `entries-routes.ts`. */
export const describeEntriesApi: DescribeFeatureApi = () => ({
  tag: { name: 'Entries', description: 'Training entries: logging, editing, lists' },
  schemas: { EntryView: entryViewSchema, BulkEntriesResult: bulkEntriesResultSchema },
  operations: [
    {
      method: 'get',
      path: '/api/entries',
      operationId: 'listEntries',
      summary: "One person's entries, or everyone's",
      description:
        "With `userId`: that person's entries (themself, their manager, HR, SMT, admins). " +
        "Without: everyone's (HR, SMT and admins only). `year` limits to one year.",
      access: 'signed-in',
      query: entriesQuerySchema,
      responses: { 200: { description: 'Entries, latest first', schema: z.array(entryViewSchema) } },
      errors: { 403: [M.entriesAccessDenied, M.allEntriesAccessDenied] },
    },
    {
      method: 'post',
      path: '/api/entries',
      operationId: 'logEntry',
      summary: 'Log an entry',
      description:
        "For oneself; a `userId` naming someone else needs the right to change that person's data. " +
        'Custom fields marked required must be filled.',
      access: 'signed-in',
      body: entryInputSchema,
      responses: { 201: { description: 'The new entry', schema: entryViewSchema } },
      errors: { 403: [M.logOwnEntriesOnly], 404: [ACCOUNT_MESSAGES.userNotFound] },
    },
    {
      method: 'post',
      path: '/api/entries/bulk',
      operationId: 'logEntriesInBulk',
      summary: 'Log many entries at once',
      description:
        'Each row has the shape of the `LogEntryRequest` body and is checked on its own: valid rows are logged, ' +
        'invalid ones are reported by index in `errors`.',
      access: 'signed-in',
      body: bulkEntriesRequestSchema,
      responses: { 200: { description: 'What was created and which rows failed', schema: bulkEntriesResultSchema } },
    },
    {
      method: 'put',
      path: '/api/entries/{id}',
      operationId: 'editEntry',
      summary: "Replace an entry's details",
      description: '`userId` and `createdAt` may accompany the fields; they must name the entry as it is.',
      access: 'signed-in',
      params: ENTRY_ID,
      body: entryInputSchema,
      responses: { 200: { description: 'The entry as edited', schema: entryViewSchema } },
      errors: { 400: [M.entryCannotMove, M.createdAtCannotChange], 403: [M.changeOwnEntriesOnly], 404: [M.entryNotFound] },
    },
    {
      method: 'delete',
      path: '/api/entries/{id}',
      operationId: 'deleteEntry',
      summary: 'Delete an entry',
      access: 'signed-in',
      params: ENTRY_ID,
      responses: { 200: { description: 'Deleted', schema: messageResponseSchema } },
      errors: { 403: [M.changeOwnEntriesOnly], 404: [M.entryNotFound] },
    },
  ],
});
