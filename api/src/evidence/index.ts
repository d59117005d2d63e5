/** The evidence feature's public surface for other features and the composition root. */
export { attachImportedFile } from './evidence-commands';
export { describeEvidenceApi } from './evidence-openapi';
export { createEvidenceRouter } from './evidence-routes';
export { chunksOf, deleteFilesOfEntry, deleteFilesOfOwner, migrateEvidence } from './evidence-store';
export { sweepUnnamedFiles } from './evidence-sweep';
