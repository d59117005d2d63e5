import { Button } from './Button';
import { DialogActions } from './Dialog';

type FormActionsProps = {
  onCancel: () => void;
  /** True while the form is being sent: the submit button is disabled and shows `pendingLabel`. */
  pending: boolean;
  submitLabel: string;
  pendingLabel?: string;
  cancelLabel?: string;
};

/** A form's footer: Cancel, and the submit button with its pending label while the form is sent. */
export function FormActions({
  onCancel,
  pending,
  submitLabel,
  pendingLabel = 'Saving...',
  cancelLabel = 'Cancel',
}: FormActionsProps) {
  return (
    <DialogActions>
      <Button $variant="secondary" onClick={onCancel}>
        {cancelLabel}
      </Button>
      <Button type="submit" disabled={pending}>
        {pending ? pendingLabel : submitLabel}
      </Button>
    </DialogActions>
  );
}
