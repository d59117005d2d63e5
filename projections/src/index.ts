export type { AnyProjector, ProjectedEvent, Projector } from './framework/projector';
export { versionOf } from './framework/projector';
export type { ReadModelDb, ReadModelTables, ReadModelTransaction } from './read-model-tables';
export { READ_MODEL_SCHEMA, READ_MODELS_CHANNEL } from './framework/schema';
export { migrateReadModels } from './framework/migrate';
export {
  startProjectionRunner,
  type ProjectionLag,
  type ProjectionProgress,
  type ProjectionRunner,
  type ProjectionRunnerOptions,
} from './framework/runner';
export { changedTablesOf, type ChangedTables } from './framework/change-signals';
export {
  positionOfCut,
  positionOfCutByReading,
  replayedAsideSchemas,
  asOfSchema,
  AS_OF_PREFIX,
  dropUnlessReplayedAside,
  isReplayedAside,
} from './framework/replay-aside';
export type { ReplayAsideOptions, ReplayAsideResult, ReplayedSchema } from './framework/replay-aside';
export type { RebuildOptions, RebuildProgress, RebuildResult, ReplayCut } from './framework/replay';
export { SNAPSHOT_EVERY, SNAPSHOT_SCHEMA, snapshotsSize } from './framework/snapshots';
export type { Snapshot, SnapshotKeeper, SnapshotsSize } from './framework/snapshots';
export {
  asOfProjectors,
  createReadModelWaiter,
  rebuildReadModels,
  replayAside,
  startSnapshotKeeper,
  supersededMessage,
  takeSnapshots,
  upgradeProductReadModels,
} from './product-read-models';
export { CliError, progressReporter, runCli, withEventLog } from './framework/cli-support';
export type { ReadModelWaiter, ReadModelWaiterOptions } from './framework/waiter';
export { deleteRows, unnestRows, upsertRows, type ColumnTypes, type UpsertOptions } from './framework/batch-sql';
export { allProjectors } from './all-projectors';
export { USER_FULL_NAME_KEY, type UserRow } from './users/users-projector';
export type { PasswordResetRow } from './password-resets/password-resets-projector';
export type { EndedSessionRow } from './sessions/ended-sessions-projector';
export type { OpenSessionRow } from './sessions/open-sessions-projector';
export type { DepartmentRow } from './departments/departments-projector';
export type { EntryRow } from './entries/entries-projector';
export type { EvidenceRow } from './evidence/evidence-projector';
export type { FormFieldOptionRow, FormFieldRow } from './form-fields/form-fields-projector';
export type { UserTargetRow, YearlyTargetRow } from './targets/targets-projector';
export type { TrainingTopicRow, TrainingTotalsRow } from './training-totals/training-totals-projector';
export type { OrgCourseRatingRow, OrgInsightEntryRow } from './org-insights/org-insights-projector';
