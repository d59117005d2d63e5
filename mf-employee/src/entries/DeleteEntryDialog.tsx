import type { EntryView } from '@tht/contracts';
import { ConfirmDialog, errorMessageOf, useToast } from '@tht/ui';
import { useDeleteEntry } from './entriesApi';

const DELETE_CONFIRMATION = 'Are you sure you want to delete this entry? This action cannot be undone.';
const ENTRY_DELETED_TOAST = { title: 'Entry deleted', description: 'Development entry has been deleted successfully' };

/** Asks for confirmation, then DELETE /api/entries/{id}. */
export function DeleteEntryDialog({ entry, onClose }: { entry: EntryView; onClose: () => void }) {
  const { showToast } = useToast();
  const deleteEntry = useDeleteEntry();

  async function confirm() {
    try {
      await deleteEntry.run(entry.id);
      showToast(ENTRY_DELETED_TOAST);
      onClose();
    } catch (error) {
      showToast({ title: 'Delete failed', description: errorMessageOf(error, 'Please try again.'), variant: 'destructive' });
    }
  }

  return (
    <ConfirmDialog
      open
      title="Delete Entry"
      message={DELETE_CONFIRMATION}
      confirmLabel="Delete"
      pendingLabel="Deleting..."
      pending={deleteEntry.pending}
      onConfirm={() => void confirm()}
      onCancel={onClose}
    />
  );
}
