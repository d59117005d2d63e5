import { useMemo, useState } from 'react';
import styled from 'styled-components';
import type { EntryView, User } from '@tht/contracts';
import { Button, Card, CardTitle, Dialog, errorMessageOf, FieldError, Spinner } from '@tht/ui';
import { AddEntryForm } from '../add-entry/AddEntryForm';
import { BulkAdd } from '../bulk-add/BulkAdd';
import { DeleteEntryDialog } from './DeleteEntryDialog';
import { EditEntryDialog } from './EditEntryDialog';
import { EntriesTable } from './EntriesTable';
import { useOwnEntries } from './entriesApi';
import { EntryDetailDialog } from './EntryDetailDialog';

const QuickAddBox = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.spacing(3)};
  padding: ${({ theme }) => theme.spacing(3)};
  margin-bottom: ${({ theme }) => theme.spacing(4)};
  border: 1px dashed ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.medium};
  background: ${({ theme }) => theme.colors.subtle};
  & p { margin: 0; }
`;

const Buttons = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.spacing(2)};
`;

const BulkArea = styled.div`
  margin-bottom: ${({ theme }) => theme.spacing(5)};
`;

type EntriesModuleProps = { user: User; year: number };

/**
 * My Dashboard's entries: quick add (one entry in a dialog, or the Bulk Add grid), the entries
 * table, and the view, edit and delete dialogs.
 */
export function EntriesModule({ user, year }: EntriesModuleProps) {
  const { entries, error, isLoading } = useOwnEntries(user.id, year);
  const [viewing, setViewing] = useState<EntryView | null>(null);
  const [editing, setEditing] = useState<EntryView | null>(null);
  const [deleting, setDeleting] = useState<EntryView | null>(null);
  const [adding, setAdding] = useState(false);
  const [bulkOpen, setBulkOpen] = useState(false);
  const actions = useMemo(() => ({ onEdit: setEditing, onDelete: setDeleting }), []);
  const owner = {
    firstName: user.firstName,
    lastName: user.lastName,
    managerName: user.managerName ?? '',
    department: user.department,
  };

  return (
    <Card aria-labelledby="entries-module-title">
      <CardTitle id="entries-module-title">Training Entries</CardTitle>
      <QuickAddBox>
        <p>Quick add: log one entry, or several at once from a spreadsheet.</p>
        <Buttons>
          <Button onClick={() => setAdding(true)}>Add Entry</Button>
          <Button $variant="secondary" aria-expanded={bulkOpen} onClick={() => setBulkOpen((open) => !open)}>
            Bulk Add
          </Button>
        </Buttons>
      </QuickAddBox>
      {bulkOpen && (
        <BulkArea>
          <BulkAdd owner={owner} onClose={() => setBulkOpen(false)} />
        </BulkArea>
      )}
      {isLoading ? (
        <Spinner label="Loading..." />
      ) : error ? (
        <FieldError role="alert">Failed to load entries: {errorMessageOf(error, 'please try again.')}</FieldError>
      ) : (
        <EntriesTable entries={entries} onView={setViewing} actions={actions} />
      )}
      <Dialog open={adding} onClose={() => setAdding(false)} title="Add Development Entry" width="44rem">
        <AddEntryForm user={user} onSaved={() => setAdding(false)} onCancel={() => setAdding(false)} />
      </Dialog>
      <EntryDetailDialog
        entry={viewing}
        onClose={() => setViewing(null)}
        onEdit={(entry) => {
          setViewing(null);
          setEditing(entry);
        }}
        onDelete={(entry) => {
          setViewing(null);
          setDeleting(entry);
        }}
      />
      {editing && <EditEntryDialog key={editing.id} entry={editing} onClose={() => setEditing(null)} />}
      {deleting && <DeleteEntryDialog entry={deleting} onClose={() => setDeleting(null)} />}
    </Card>
  );
}
