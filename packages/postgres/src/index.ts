export { ClusterInUseError, openEmbeddedPostgres, startEmbeddedPostgres } from './embedded';
export type { ClusterLog, EmbeddedPostgres, StartEmbeddedPostgresOptions } from './embedded';
export { createDb, createPool, inTransaction } from './pool';
