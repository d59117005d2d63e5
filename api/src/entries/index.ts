/** The entries feature's public surface for other features. */
export {
  appendNewEntries,
  deleteReportedEntry,
  logEntriesInBulk,
  startReportedEntry,
  type NewEntryCommand,
  type ReportedEntry,
} from './entries-commands';
export { attributeEntryManagers } from './entries-managers';
export { describeEntriesApi } from './entries-openapi';
export { ENTRY_VIEW_COLUMNS, availableYears, entryListJson, entryStats } from './entries-queries';
export { authoriseEntriesQuery, createEntriesRouter } from './entries-routes';
