/** The live read models. A rebuild fills a fresh schema and renames it to this. */
export const READ_MODEL_SCHEMA = 'read_models';
/** One row per projector: the global position of the last event its tables include. */
export const CHECKPOINT_TABLE = 'projection_checkpoints';
/** Notified after every committed projection batch. */
export const READ_MODELS_CHANNEL = 'read_models_updated';
