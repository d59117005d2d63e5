import { ERASED_TEXT, isEventOf, TARGET_EVENT_TYPES, type TargetEventType } from '@tht/contracts';
import { sql, type Kysely, type Transaction } from 'kysely';
import { deleteRows, upsertRows, type ColumnTypes } from '../framework/batch-sql';
import { erasedIn } from '../framework/erasure';
import type { ProjectedEvent, Projector } from '../framework/projector';

/** A yearly target, which is also the fiscal year of that year (one row per year). */
export interface YearlyTargetRow {
  id: number;
  year: number;
  /** Fractions are possible: the admin's fiscal-year form accepts any amount above 0. */
  target_hours: number;
  description: string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

export interface UserTargetRow {
  id: number;
  user_id: number;
  year: number;
  target_hours: number;
  reason: string | null;
  set_by: number | null;
  created_at: Date | string;
  updated_at: Date | string;
}

export interface TargetsTables {
  yearly_targets: YearlyTargetRow;
  user_targets: UserTargetRow;
}

const YEARLY_TARGET_COLUMNS: ColumnTypes<YearlyTargetRow> = {
  id: 'int4',
  year: 'int4',
  target_hours: 'float8',
  description: 'text',
  created_at: 'timestamptz',
  updated_at: 'timestamptz',
};

const USER_TARGET_COLUMNS: ColumnTypes<UserTargetRow> = {
  id: 'int4',
  user_id: 'int4',
  year: 'int4',
  target_hours: 'float8',
  reason: 'text',
  set_by: 'int4',
  created_at: 'timestamptz',
  updated_at: 'timestamptz',
};

async function migrate(db: Kysely<TargetsTables>, schema: string): Promise<void> {
  await sql`CREATE TABLE IF NOT EXISTS ${sql.table(`${schema}.yearly_targets`)} (
    id integer PRIMARY KEY,
    year integer NOT NULL,
    target_hours double precision NOT NULL,
    description text,
    created_at timestamptz NOT NULL,
    updated_at timestamptz NOT NULL
  )`.execute(db);
  await sql`CREATE INDEX IF NOT EXISTS yearly_targets_year_idx ON ${sql.table(`${schema}.yearly_targets`)} (year)`.execute(db);
  await sql`CREATE TABLE IF NOT EXISTS ${sql.table(`${schema}.user_targets`)} (
    id integer PRIMARY KEY,
    user_id integer NOT NULL,
    year integer NOT NULL,
    target_hours double precision NOT NULL,
    reason text,
    set_by integer,
    created_at timestamptz NOT NULL,
    updated_at timestamptz NOT NULL
  )`.execute(db);
  await sql`CREATE INDEX IF NOT EXISTS user_targets_year_idx ON ${sql.table(`${schema}.user_targets`)} (year, user_id)`.execute(db);
  await sql`CREATE INDEX IF NOT EXISTS user_targets_user_idx ON ${sql.table(`${schema}.user_targets`)} (user_id)`.execute(db);
}

type HandledEvent = ProjectedEvent<TargetEventType | 'UserDeleted'>;

const isHandled = isEventOf(...TARGET_EVENT_TYPES, 'UserDeleted');

/** The batch's effect, folded in memory: rows to write, and users whose targets go. */
interface BatchChanges {
  yearlyTargets: Map<number, YearlyTargetRow>;
  userTargets: Map<number, UserTargetRow>;
  deletedUserIds: Set<number>;
}

/**
 * Every target event carries the whole record, so an update is an upsert that keeps the row's
 * creation time. A deleted user's targets are removed: those of earlier batches by one DELETE
 * (run before the upserts), those kept in memory at once.
 */
function fold(changes: BatchChanges, event: HandledEvent): void {
  const at = event.metadata.occurredAt;
  switch (event.type) {
    case 'YearlyTargetCreated':
    case 'YearlyTargetUpdated': {
      const { yearlyTargetId: id, year, targetHours, description } = event.data;
      const createdAt = changes.yearlyTargets.get(id)?.created_at ?? at;
      changes.yearlyTargets.set(id, { id, year, target_hours: targetHours, description, created_at: createdAt, updated_at: at });
      return;
    }
    case 'UserTargetCreated':
    case 'UserTargetUpdated': {
      const { userTargetId: id, userId, year, targetHours, reason, setBy } = event.data;
      const createdAt = changes.userTargets.get(id)?.created_at ?? at;
      changes.userTargets.set(id, {
        id,
        user_id: userId,
        year,
        target_hours: targetHours,
        reason,
        set_by: setBy,
        created_at: createdAt,
        updated_at: at,
      });
      return;
    }
    case 'UserDeleted':
      changes.deletedUserIds.add(event.data.userId);
      for (const [id, row] of changes.userTargets) if (row.user_id === event.data.userId) changes.userTargets.delete(id);
      return;
  }
}

/** On conflict every column but the key and the creation time is overwritten. */
const updatedColumns = <Row>(types: ColumnTypes<Row>) =>
  (Object.keys(types) as (keyof Row & string)[]).filter((column) => column !== 'id' && column !== 'created_at');

async function write(trx: Transaction<TargetsTables>, schema: string, changes: BatchChanges): Promise<void> {
  await deleteRows(trx, schema, 'user_targets', 'user_id', 'int4', [...changes.deletedUserIds]);
  await upsertRows(trx, schema, 'yearly_targets', [...changes.yearlyTargets.values()], {
    types: YEARLY_TARGET_COLUMNS,
    key: ['id'],
    update: updatedColumns(YEARLY_TARGET_COLUMNS),
  });
  await upsertRows(trx, schema, 'user_targets', [...changes.userTargets.values()], {
    types: USER_TARGET_COLUMNS,
    key: ['id'],
    update: updatedColumns(USER_TARGET_COLUMNS),
  });
}

export const targetsProjector: Projector<TargetsTables> = {
  name: 'targets',
  migrate,
  async project(trx, schema, events) {
    const changes: BatchChanges = { yearlyTargets: new Map(), userTargets: new Map(), deletedUserIds: new Set() };
    for (const event of events) {
      if (isHandled(event)) fold(changes, event);
    }
    await write(trx, schema, changes);
    // An erased person's reasons as a rebuild reads them (decision 038).
    for (const userId of erasedIn(events)) {
      await sql`UPDATE ${sql.table(`${schema}.user_targets`)} SET reason = ${ERASED_TEXT}
        WHERE user_id = ${userId} AND reason IS NOT NULL`.execute(trx);
    }
  },
};
