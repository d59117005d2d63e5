// The sortable table (`@tht/ui/table`), used by the employee's entries and HR's employee list. Kept
// out of the main entry on purpose: the shell provides `@tht/ui` whole and draws no table, so
// TanStack Table would only weigh on its first load. Each remote that uses it bundles it.
export { SortableTable, type SortableTableProps, type SortableColumns } from './SortableTable';
export type { SortingState } from '@tanstack/react-table';
