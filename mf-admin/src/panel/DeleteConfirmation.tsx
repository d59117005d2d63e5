import { ConfirmDialog } from '@tht/ui';
import { useOutcomeToast, type Outcome } from './useOutcomeToast';

type DeleteConfirmationProps<Item> = {
  /** The item asked about; null: the dialog is closed. */
  item: Item | null;
  title: string;
  message: (item: Item) => string;
  /** The delete, run on confirmation, and whether it is under way. */
  remove: (item: Item) => Promise<unknown>;
  pending: boolean;
  /** The toast telling how the delete went. */
  outcome: (item: Item) => Outcome<unknown>;
  /** Called once the delete ran, or on Cancel. */
  onDone: () => void;
};

/** A list's "Delete X?" confirmation: Delete runs the delete and tells its outcome in a toast, then the dialog closes. */
export function DeleteConfirmation<Item>({
  item,
  title,
  message,
  remove,
  pending,
  outcome,
  onDone,
}: DeleteConfirmationProps<Item>) {
  const withToast = useOutcomeToast();
  async function confirm(chosen: Item) {
    await withToast(() => remove(chosen), outcome(chosen));
    onDone();
  }
  return (
    <ConfirmDialog
      open={item !== null}
      title={title}
      message={item === null ? '' : message(item)}
      confirmLabel="Delete"
      pendingLabel="Deleting..."
      pending={pending}
      onConfirm={() => item !== null && void confirm(item)}
      onCancel={onDone}
    />
  );
}
