import type { GridEntryOwner } from '@tht/contracts';
import { BulkEntryGrid } from '@tht/ui/bulk-grid';
import { useCreateEntries } from '../entries/entriesApi';

type BulkAddProps = {
  /** Whose entries these are: names, and the manager and department rows may leave empty. */
  owner: GridEntryOwner;
  onClose: () => void;
};

/** Bulk Add: the shared bulk grid with the employee's rules, sent to POST /api/entries/bulk. */
export function BulkAdd({ owner, onClose }: BulkAddProps) {
  const createEntries = useCreateEntries();
  return (
    <BulkEntryGrid
      owner={owner}
      variant="user"
      send={createEntries.run}
      titleId="bulk-add-title"
      title="Bulk Add"
      hint="Type entries or paste rows from a spreadsheet in this column order. Training name, date and hours are needed for a row to count; empty manager and department use your own."
      onClose={onClose}
    />
  );
}
