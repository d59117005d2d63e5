/** The live read models. A rebuild fills a fresh schema and renames it to this. */
export const READ_MODEL_SCHEMA = 'read_models';
/** One row per projector: the global position of the last event its tables include. */
export const CHECKPOINT_TABLE = 'projection_checkpoints';
/** Notified after every committed projection batch. */
export const READ_MODELS_CHANNEL = 'read_models_updated';
/** Read models as of a past moment (and their snapshots) live in schemas named with this; `rebuildReadModels` leaves them alone. */
export const AS_OF_PREFIX = `${READ_MODEL_SCHEMA}_asof_`;
