import type { ReactNode } from 'react';
import { Button } from '@tht/ui';
import { Actions } from './layout';

type RowActionsProps = {
  /** Names the row in the buttons' accessible names ('Edit Engineering', 'Delete Engineering'). */
  name: string;
  onEdit: () => void;
  /** None: the row cannot be deleted (the admin's own account). */
  onDelete?: () => void;
  deleting?: boolean;
  /** Buttons of the row's own before Edit and Delete. */
  children?: ReactNode;
};

/** A list row's buttons: its own ones, Edit, and Delete. */
export function RowActions({ name, onEdit, onDelete, deleting = false, children }: RowActionsProps) {
  return (
    <Actions>
      {children}
      <Button $variant="secondary" aria-label={`Edit ${name}`} onClick={onEdit}>
        Edit
      </Button>
      {onDelete && (
        <Button $variant="destructive" aria-label={`Delete ${name}`} disabled={deleting} onClick={onDelete}>
          Delete
        </Button>
      )}
    </Actions>
  );
}
