import type { CustomFieldDefinition } from '@tht/contracts';
import type { ReadModelDb } from 'projections';
import { createReadModelCache, type ReadModelCache, type ReadModelTable } from '../platform/read-model-cache';
import { loadCustomFieldDefinitions } from './form-fields-queries';

/**
 * The custom fields' definitions that every entry a user logs or edits is checked against, kept
 * in memory while the form-field tables do not change (entries logged do not forget them).
 * Shared by every request: callers must not change the arrays.
 */
export type CustomFieldDefinitionsCache = ReadModelCache<'all', readonly CustomFieldDefinition[]>;

declare module '../platform/context' {
  interface AppContext {
    /** The custom fields' definitions entries are checked against, kept between changes of the form-field tables. */
    customFieldDefinitions: CustomFieldDefinitionsCache;
  }
}

/** The tables the definitions are read from: the cache forgets them when one of these changes. */
export const CUSTOM_FIELD_DEFINITION_TABLES: readonly ReadModelTable[] = ['form_fields', 'form_field_options'];

export function createCustomFieldDefinitionsCache(): CustomFieldDefinitionsCache {
  return createReadModelCache({ maxEntries: 1 });
}

export function customFieldDefinitions(ctx: {
  db: ReadModelDb;
  customFieldDefinitions: CustomFieldDefinitionsCache;
}): Promise<readonly CustomFieldDefinition[]> {
  return ctx.customFieldDefinitions.find('all', () => loadCustomFieldDefinitions(ctx.db));
}
