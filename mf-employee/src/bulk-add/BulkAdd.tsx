import { useRef, useState } from 'react';
import styled from 'styled-components';
import { formatEntryDate, type AdminEntryInput, type BulkEntriesResult, type GridEntryOwner } from '@tht/contracts';
import { Button, DialogActions } from '@tht/ui';
import { BulkEntryGrid } from '@tht/ui/bulk-grid';
import { EntryEvidence } from '@tht/ui/evidence';
import { useCreateEntries } from '../entries/entriesApi';

const SavedList = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
`;

/** A row the grid saved: its new entry's id, name and date. */
type SavedRow = { id: number; trainingName: string; date: string };

/** The rows the API created, each with its id (`createdIds` follow the rows it accepted, in order). */
function savedRows(sent: readonly AdminEntryInput[], result: BulkEntriesResult): SavedRow[] {
  const refused = new Set(result.errors.map((error) => error.index));
  const accepted = sent.filter((_, index) => !refused.has(index));
  return result.createdIds.map((id, position) => ({
    id,
    trainingName: accepted[position]?.trainingName ?? '',
    date: accepted[position]?.date ?? '',
  }));
}

type BulkAddProps = {
  /** Whose entries these are: names, and the manager and department rows may leave empty. */
  owner: GridEntryOwner;
  onClose: () => void;
};

/**
 * Bulk Add: the shared bulk grid with the employee's rules, sent to POST /api/entries/bulk; once
 * rows are saved, each saved entry with its evidence to attach, until Done.
 */
export function BulkAdd({ owner, onClose }: BulkAddProps) {
  const createEntries = useCreateEntries();
  const [saved, setSaved] = useState<SavedRow[]>([]);
  // The grid closes itself after a save, in the same turn as the answer: the saved rows are known by then.
  const justSaved = useRef(false);

  async function send(entries: AdminEntryInput[]) {
    const result = await createEntries.run(entries);
    const rows = savedRows(entries, result);
    justSaved.current = rows.length > 0;
    setSaved(rows);
    return result;
  }

  if (saved.length > 0) {
    return (
      <section aria-labelledby="bulk-add-title">
        <h3 id="bulk-add-title">Attach evidence to the saved entries</h3>
        <SavedList>
          {saved.map((row) => (
            <li key={row.id}>
              <EntryEvidence entryId={row.id} canChange title={`${row.trainingName}, ${formatEntryDate(row.date)}`} />
            </li>
          ))}
        </SavedList>
        <DialogActions>
          <Button
            onClick={() => {
              setSaved([]);
              onClose();
            }}
          >
            Done
          </Button>
        </DialogActions>
      </section>
    );
  }

  return (
    <BulkEntryGrid
      owner={owner}
      variant="user"
      send={send}
      titleId="bulk-add-title"
      title="Bulk Add"
      hint="Type entries or paste rows from a spreadsheet in this column order. Training name, date and hours are needed for a row to count; empty manager and department use your own."
      onClose={() => {
        if (justSaved.current) justSaved.current = false;
        else onClose();
      }}
    />
  );
}
