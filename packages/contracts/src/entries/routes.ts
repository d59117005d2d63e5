import { z } from 'zod';
import { messageResponseSchema } from '../accounts/responses';
import { defineRoutes } from '../routes/api-route';
import { ENTRY_FIGURES } from '../routes/read-families';
import { bulkEntriesRequestSchema, entriesQuerySchema, entryIdSchema, entryInputSchema } from './schemas';
import { bulkEntriesResultSchema, entryViewSchema } from './responses';

const ENTRY_ID = { id: entryIdSchema };

/** Training entries: one person's or everyone's list, logging, editing, deleting. */
export const entriesRoutes = defineRoutes({
  listEntries: {
    method: 'get',
    path: '/api/entries',
    access: 'signed-in',
    query: entriesQuerySchema,
    responses: { 200: { schema: z.array(entryViewSchema) } },
  },
  logEntry: {
    method: 'post',
    path: '/api/entries',
    access: 'signed-in',
    body: entryInputSchema,
    responses: { 201: { schema: entryViewSchema } },
    refreshes: ENTRY_FIGURES,
  },
  logEntriesInBulk: {
    method: 'post',
    path: '/api/entries/bulk',
    access: 'signed-in',
    body: bulkEntriesRequestSchema,
    responses: { 200: { schema: bulkEntriesResultSchema } },
    refreshes: ENTRY_FIGURES,
  },
  editEntry: {
    method: 'put',
    path: '/api/entries/{id}',
    access: 'signed-in',
    params: ENTRY_ID,
    body: entryInputSchema,
    responses: { 200: { schema: entryViewSchema } },
    refreshes: ENTRY_FIGURES,
  },
  deleteEntry: {
    method: 'delete',
    path: '/api/entries/{id}',
    access: 'signed-in',
    params: ENTRY_ID,
    responses: { 200: { schema: messageResponseSchema } },
    refreshes: ENTRY_FIGURES,
  },
});
