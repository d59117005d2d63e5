import { erasedValue, namingFieldsOf, userStream, type NamingFields } from '@tht/contracts';
import { sql, type Kysely } from 'kysely';
import { insertRows, type ColumnTypes } from '../framework/batch-sql';
import { erasedIn } from '../framework/erasure';
import type { Projector } from '../framework/projector';

/**
 * What each event said of its record's name (`namingFieldsOf`: a person's first and last name, an
 * entry's training name, a department's name, a form field's label), by stream and log position,
 * so the audit log names a record as it was at any event: it folds a stream's rows up to the
 * event's position. Rows are never removed: a deleted record keeps its last name.
 */
export interface RecordNameRow {
  stream_name: string;
  /** The event's global position (fixed-width text, ordered as the log). */
  position: string;
  fields: NamingFields;
}

export interface RecordNamesTables {
  record_names: RecordNameRow;
}

const COLUMN_TYPES: ColumnTypes<RecordNameRow> = { stream_name: 'text', position: 'text', fields: 'jsonb' };

async function migrate(db: Kysely<RecordNamesTables>, schema: string): Promise<void> {
  await sql`CREATE TABLE IF NOT EXISTS ${sql.table(`${schema}.record_names`)} (
    stream_name text NOT NULL,
    position text NOT NULL,
    fields jsonb NOT NULL,
    PRIMARY KEY (stream_name, position)
  )`.execute(db);
}

export const recordNamesProjector: Projector<RecordNamesTables> = {
  name: 'record-names',
  migrate,
  async project(trx, schema, events) {
    const rows = events.flatMap((event): RecordNameRow[] => {
      const fields = namingFieldsOf(event);
      return fields ? [{ stream_name: event.streamName, position: event.globalPosition, fields }] : [];
    });
    await insertRows(trx, schema, 'record_names', rows, COLUMN_TYPES);
    for (const userId of erasedIn(events)) await eraseNamesOf(trx, schema, userId);
  },
};

/** An erased person's names as a rebuild reads them (decision 038), at every event that stated one. */
async function eraseNamesOf(trx: Kysely<RecordNamesTables>, schema: string, userId: number): Promise<void> {
  const erased = { firstName: erasedValue('firstName', userId), lastName: erasedValue('lastName', userId) };
  await sql`UPDATE ${sql.table(`${schema}.record_names`)} SET fields = fields
      || CASE WHEN fields ? 'firstName' THEN jsonb_build_object('firstName', ${erased.firstName}::text) ELSE '{}'::jsonb END
      || CASE WHEN fields ? 'lastName' THEN jsonb_build_object('lastName', ${erased.lastName}::text) ELSE '{}'::jsonb END
    WHERE stream_name = ${userStream(userId)}`.execute(trx);
}
