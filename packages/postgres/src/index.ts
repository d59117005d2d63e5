export { openEmbeddedPostgres, startEmbeddedPostgres } from './embedded';
export type { EmbeddedPostgres, StartEmbeddedPostgresOptions } from './embedded';
export { createDb, createPool } from './pool';
