import type { Kysely, Transaction } from 'kysely';
import type { DepartmentsTables } from './departments/departments-projector';
import type { EntriesTables } from './entries/entries-projector';
import type { EvidenceTables } from './evidence/evidence-projector';
import type { FormFieldsTables } from './form-fields/form-fields-projector';
import type { OrgInsightsTables } from './org-insights/org-insights-projector';
import type { PasswordResetsTables } from './password-resets/password-resets-projector';
import type { SmtTopRatedTables } from './smt-top-rated/smt-top-rated-projector';
import type { CheckpointTables } from './framework/checkpoints';
import type { SessionsTables } from './sessions/ended-sessions-projector';
import type { OpenSessionsTables } from './sessions/open-sessions-projector';
import type { RecordNamesTables } from './record-names/record-names-projector';
import type { NotificationSwitchesTables } from './notification-switches/notification-switches-projector';
import type { TargetsTables } from './targets/targets-projector';
import type { TrainingTotalsTables } from './training-totals/training-totals-projector';
import type { UsersTables } from './users/users-projector';

/**
 * Every table of the read-model schema with its row type, as kysely sees it: each projector
 * declares the tables it owns. Queries name the schema with `withSchema(READ_MODEL_SCHEMA)`.
 */
export interface ReadModelTables
  extends
    UsersTables,
    PasswordResetsTables,
    DepartmentsTables,
    EntriesTables,
    EvidenceTables,
    FormFieldsTables,
    TargetsTables,
    TrainingTotalsTables,
    OrgInsightsTables,
    SmtTopRatedTables,
    SessionsTables,
    OpenSessionsTables,
    RecordNamesTables,
    NotificationSwitchesTables,
    CheckpointTables {}

/** Kysely over the read models. */
export type ReadModelDb = Kysely<ReadModelTables>;
export type ReadModelTransaction = Transaction<ReadModelTables>;
