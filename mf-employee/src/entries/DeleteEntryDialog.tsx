import { useState } from 'react';
import type { EntryView } from '@tht/contracts';
import { apiRequest, ConfirmDialog, errorMessageOf, useRefreshEntryData, useToast } from '@tht/ui';

const DELETE_CONFIRMATION = 'Are you sure you want to delete this entry? This action cannot be undone.';
const ENTRY_DELETED_TOAST = { title: 'Entry deleted', description: 'Development entry has been deleted successfully' };

/** Asks SPEC's confirmation, then DELETE /api/entries/{id}. */
export function DeleteEntryDialog({ entry, onClose }: { entry: EntryView; onClose: () => void }) {
  const [pending, setPending] = useState(false);
  const { showToast } = useToast();
  const refreshEntryData = useRefreshEntryData();

  async function confirm() {
    setPending(true);
    try {
      await apiRequest('DELETE', `/api/entries/${entry.id}`);
      showToast(ENTRY_DELETED_TOAST);
      onClose();
      await refreshEntryData();
    } catch (error) {
      showToast({ title: 'Delete failed', description: errorMessageOf(error, 'Please try again.'), variant: 'destructive' });
      setPending(false);
    }
  }

  return (
    <ConfirmDialog
      open
      title="Delete Entry"
      message={DELETE_CONFIRMATION}
      confirmLabel="Delete"
      pendingLabel="Deleting..."
      pending={pending}
      onConfirm={() => void confirm()}
      onCancel={onClose}
    />
  );
}
