import { useState } from 'react';
import { ADMIN_MESSAGES as M, type AdminUserListItem } from '@tht/contracts';
import { Button, Dialog, DialogActions, FormField, Input } from '@tht/ui';
import { useOutcomeToast } from '../panel/useOutcomeToast';
import { fullName } from './roles';
import { useEraseUser } from './usersApi';

const sameName = (typed: string, name: string) =>
  typed.trim().replace(/\s+/g, ' ').toLowerCase() === name.trim().replace(/\s+/g, ' ').toLowerCase();

/** Erase (a deactivated user): the admin types the person's full name to confirm (decision 038). */
export function EraseUserDialog({ user, onClose }: { user: AdminUserListItem; onClose: () => void }) {
  const erase = useEraseUser();
  const withToast = useOutcomeToast();
  const [typed, setTyped] = useState('');
  const name = fullName(user);

  async function confirm(event: React.FormEvent) {
    event.preventDefault();
    const done = await withToast(() => erase.run({ id: user.id, confirmName: typed }), {
      success: 'Personal data erased',
      successDescription: `Erased person #${user.id}`,
      failure: M.failedToEraseUser,
    });
    if (done) onClose();
  }

  return (
    <Dialog open onClose={onClose} title="Erase User" description={M.eraseUserWarning(name)}>
      <form noValidate onSubmit={(event) => void confirm(event)}>
        <FormField label={`Type "${name}" to confirm`} required>
          <Input autoComplete="off" value={typed} onChange={(event) => setTyped(event.target.value)} />
        </FormField>
        <DialogActions>
          <Button $variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" $variant="destructive" disabled={erase.pending || !sameName(typed, name)}>
            {erase.pending ? 'Erasing...' : 'Erase'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
