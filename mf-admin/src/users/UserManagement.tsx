import { useState } from 'react';
import { ADMIN_MESSAGES as M, type AdminUserListItem } from '@tht/contracts';
import { Button, ConfirmDialog, Card, CardTitle } from '@tht/ui';
import { Actions, CardHeader, Stack } from '../panel/layout';
import { useOutcomeToast } from '../panel/useOutcomeToast';
import { fullName } from './roles';
import { SystemOverview } from './SystemOverview';
import { ResetLinkDialog } from './ResetLinkDialog';
import { TemporaryPasswordDialog } from './TemporaryPasswordDialog';
import { UserFormDialog } from './UserFormDialog';
import { EraseUserDialog } from './EraseUserDialog';
import { UserList } from './UserList';
import { useDeactivateUser, useDeleteUser, useReactivateUser, useSyncRoles } from './usersApi';

type UserDialog =
  | { kind: 'add' }
  | { kind: 'edit' | 'password' | 'reset-link' | 'delete' | 'deactivate' | 'erase'; user: AdminUserListItem }
  | null;

function SyncRolesButton() {
  const sync = useSyncRoles();
  const withToast = useOutcomeToast();

  async function syncRoles() {
    await withToast(() => sync.run({}), {
      success: 'Roles synced',
      successDescription: ({ promoted, demoted }) => M.rolesSynced(promoted, demoted),
      failure: M.failedToSyncRoles,
    });
  }

  return (
    <Button $variant="secondary" disabled={sync.pending} onClick={() => void syncRoles()}>
      {sync.pending ? 'Syncing...' : M.syncRoles}
    </Button>
  );
}

/** The User Management tab: the system overview, the paged user list, and the user dialogs. */
export default function UserManagement() {
  const [dialog, setDialog] = useState<UserDialog>(null);
  const remove = useDeleteUser();
  const deactivate = useDeactivateUser();
  const reactivate = useReactivateUser();
  const withToast = useOutcomeToast();
  const close = () => setDialog(null);

  async function confirmDelete(user: AdminUserListItem) {
    await withToast(() => remove.run(user.id), {
      success: 'User deleted',
      successDescription: fullName(user),
      failure: M.failedToDeleteUser,
    });
    close();
  }

  async function confirmDeactivate(user: AdminUserListItem) {
    await withToast(() => deactivate.run(user.id), {
      success: 'User deactivated',
      successDescription: fullName(user),
      failure: M.failedToDeactivateUser,
    });
    close();
  }

  async function reactivateUser(user: AdminUserListItem) {
    await withToast(() => reactivate.run(user.id), {
      success: 'User reactivated',
      successDescription: fullName(user),
      failure: M.failedToReactivateUser,
    });
  }

  return (
    <Stack>
      <SystemOverview />
      <Card aria-labelledby="users-title">
        <CardHeader>
          <CardTitle id="users-title">Users</CardTitle>
          <Actions>
            <SyncRolesButton />
            <Button onClick={() => setDialog({ kind: 'add' })}>Add User</Button>
          </Actions>
        </CardHeader>
        <UserList
          onEdit={(user) => setDialog({ kind: 'edit', user })}
          onSetPassword={(user) => setDialog({ kind: 'password', user })}
          onResetLink={(user) => setDialog({ kind: 'reset-link', user })}
          onDelete={(user) => setDialog({ kind: 'delete', user })}
          onDeactivate={(user) => setDialog({ kind: 'deactivate', user })}
          onReactivate={(user) => void reactivateUser(user)}
          onErase={(user) => setDialog({ kind: 'erase', user })}
        />
      </Card>
      {dialog?.kind === 'add' && <UserFormDialog onClose={close} />}
      {dialog?.kind === 'edit' && <UserFormDialog user={dialog.user} onClose={close} />}
      {dialog?.kind === 'password' && <TemporaryPasswordDialog user={dialog.user} onClose={close} />}
      {dialog?.kind === 'reset-link' && <ResetLinkDialog user={dialog.user} onClose={close} />}
      {dialog?.kind === 'erase' && <EraseUserDialog user={dialog.user} onClose={close} />}
      <ConfirmDialog
        open={dialog?.kind === 'delete'}
        title="Delete User"
        message={
          dialog?.kind === 'delete'
            ? `Are you sure you want to delete ${fullName(dialog.user)} (${dialog.user.email})? They can no longer sign in. This action cannot be undone.`
            : ''
        }
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        pending={remove.pending}
        onConfirm={() => dialog?.kind === 'delete' && void confirmDelete(dialog.user)}
        onCancel={close}
      />
      <ConfirmDialog
        open={dialog?.kind === 'deactivate'}
        title="Deactivate User"
        message={dialog?.kind === 'deactivate' ? M.deactivateUserQuestion(fullName(dialog.user), dialog.user.email) : ''}
        confirmLabel="Deactivate"
        pendingLabel="Deactivating..."
        pending={deactivate.pending}
        onConfirm={() => dialog?.kind === 'deactivate' && void confirmDeactivate(dialog.user)}
        onCancel={close}
      />
    </Stack>
  );
}
