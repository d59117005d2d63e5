// A record's history timeline (`@tht/ui/history`), used by the employee's entry dialog and the admin
// panel. Kept out of the main entry on purpose: it formats history items with `@tht/contracts`, and
// the shell, which provides `@tht/ui` whole, would otherwise carry zod in its first load.
export { HistorySection, HistoryTimeline } from './RecordHistory';
export { useRecordHistory } from './historyApi';
