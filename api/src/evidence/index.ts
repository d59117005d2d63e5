/** The evidence feature's public surface for other features. */
export { describeEvidenceApi } from './evidence-openapi';
