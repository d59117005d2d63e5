/** The export feature's public surface for other features. */
export type { Cell } from './export-sheets';
export { csvHeader, csvLine } from './export-writers';
export { describeExportApi } from './export-openapi';
export { createExportRouter } from './export-routes';
