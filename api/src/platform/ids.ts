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
  evidence: 'evidence_id',
} as const;

export type IdKind = keyof typeof SEQUENCES;

/**
 * Kinds allocated in blocks: their sequence moves by the block size, each `nextval` claiming the
 * block [value, value + size), whose ids a process then hands out from memory (one round trip per
 * block instead of per id). Ids stay unique across processes and restarts (a block is claimed
 * once; a process that stops leaves the rest of its block unused) and ascending within a process.
 */
const BLOCK_SIZES: Partial<Record<IdKind, number>> = { entry: 100 };

const blockSizeOf = (kind: IdKind) => BLOCK_SIZES[kind] ?? 1;

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
    for (const [kind, sequence] of Object.entries(SEQUENCES) as [IdKind, string][]) {
      const increment = sql.raw(String(blockSizeOf(kind)));
      await sql`CREATE SEQUENCE IF NOT EXISTS ${sql.table(`ids.${sequence}`)} INCREMENT BY ${increment}`.execute(trx);
      // A sequence created before its kind was allocated in blocks: its next value starts a block above every id handed out.
      await sql`ALTER SEQUENCE ${sql.table(`ids.${sequence}`)} INCREMENT BY ${increment}`.execute(trx);
    }
  });
}

export function createIdAllocator(db: QueryExecutorProvider): IdAllocator {
  /** `count` values of the kind's sequence, ascending (block starts for a kind in blocks). */
  async function nextValues(kind: IdKind, count: number): Promise<number[]> {
    const { rows } = await sql<{ id: string | number }>`SELECT nextval(${`ids.${SEQUENCES[kind]}`}::regclass) AS id
      FROM generate_series(1, ${count}::int)`.execute(db);
    return rows.map((row) => Number(row.id)).sort((a, b) => a - b);
  }

  const blocks = new Map<IdKind, () => Promise<number>>();
  function blockOf(kind: IdKind): () => Promise<number> {
    let take = blocks.get(kind);
    if (!take) {
      take = idsFromBlocks(blockSizeOf(kind), async () => (await nextValues(kind, 1))[0]!);
      blocks.set(kind, take);
    }
    return take;
  }

  return {
    async next(kind) {
      return blockSizeOf(kind) === 1 ? (await nextValues(kind, 1))[0]! : blockOf(kind)();
    },
    async nextMany(kind, count) {
      if (count <= 0) return [];
      const size = blockSizeOf(kind);
      const starts = await nextValues(kind, Math.ceil(count / size));
      return starts.flatMap((start) => Array.from({ length: size }, (_, offset) => start + offset)).slice(0, count);
    },
  };
}

/** Hands out the ids of blocks of `size` claimed one at a time through `claimBlock` (its first id), one claim at once. */
function idsFromBlocks(size: number, claimBlock: () => Promise<number>): () => Promise<number> {
  let next = 0;
  let end = 0;
  let claiming: Promise<void> | null = null;
  return async () => {
    while (next >= end) {
      claiming ??= claimBlock()
        .then((start) => {
          next = start;
          end = start + size;
        })
        .finally(() => {
          claiming = null;
        });
      await claiming;
    }
    return next++;
  };
}
