import { sql, type Kysely, type QueryExecutorProvider } from 'kysely';

/**
 * Integer ids come from PostgreSQL sequences in schema `ids`. They are allocated on the write
 * side before an event is appended, so they live outside the read models and are never rebuilt.
 */
const SEQUENCES = {
  user: 'user_id',
  entry: 'entry_id',
  department: 'department_id',
  formField: 'form_field_id',
  formFieldOption: 'form_field_option_id',
  userTarget: 'user_target_id',
  yearlyTarget: 'yearly_target_id',
} as const;

export type IdKind = keyof typeof SEQUENCES;

export interface IdAllocator {
  next(kind: IdKind): Promise<number>;
  /** `count` new ids in ascending order, in one round trip (bulk writes). */
  nextMany(kind: IdKind, count: number): Promise<number[]>;
}

export async function migrateIds<Database>(db: Kysely<Database>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // Serialises concurrent start-ups, whose IF NOT EXISTS statements would otherwise race.
    await sql`SELECT pg_advisory_xact_lock(hashtext('tht:migrate-ids'))`.execute(trx);
    await sql`CREATE SCHEMA IF NOT EXISTS ids`.execute(trx);
    for (const sequence of Object.values(SEQUENCES)) {
      await sql`CREATE SEQUENCE IF NOT EXISTS ${sql.table(`ids.${sequence}`)}`.execute(trx);
    }
  });
}

export function createIdAllocator(db: QueryExecutorProvider): IdAllocator {
  return {
    async next(kind) {
      const { rows } = await sql<{ id: string | number }>`SELECT nextval(${`ids.${SEQUENCES[kind]}`}::regclass) AS id`.execute(db);
      return Number(rows[0]!.id);
    },
    async nextMany(kind, count) {
      if (count <= 0) return [];
      const { rows } = await sql<{ id: string | number }>`SELECT nextval(${`ids.${SEQUENCES[kind]}`}::regclass) AS id
        FROM generate_series(1, ${count}::int)`.execute(db);
      return rows.map((row) => Number(row.id)).sort((a, b) => a - b);
    },
  };
}
