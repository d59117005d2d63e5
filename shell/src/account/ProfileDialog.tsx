import { useEffect, useState, type FormEvent } from 'react';
import { fullName, profileUpdateSchema, usersRoutes, type Department, type User } from '@tht/contracts';
import {
  Button,
  Dialog,
  DialogActions,
  FormField,
  Select,
  errorMessageOf,
  useCurrentUser,
  useDepartments,
  useRead,
  useToast,
  useUpdateUser,
  useUserDirectory,
  validateForm,
} from '@tht/ui';
import { ManagerTypeahead } from '../managers/ManagerTypeahead';
import { managerNamed } from '../managers/managerMatching';
import { ReminderSwitches } from './ReminderSwitches';

function byName(a: Department, b: Department): number {
  return a.name.localeCompare(b.name);
}

/** The manager name to show: the stored one, else the manager's name looked up by id. */
function useManagerName(user: User | null): string | undefined {
  const lookUpId = user && !user.managerName ? user.managerId : null;
  const { data: manager } = useRead(usersRoutes.getUser, lookUpId === null ? null : { params: { id: lookUpId } });
  if (!user) return undefined;
  if (user.managerName) return user.managerName;
  if (user.managerId === null) return '';
  return manager ? fullName(manager) : undefined;
}

type ProfileDialogProps = { onClose: () => void; onSaved?: () => void };

/**
 * 'Update Profile': the signed-in user's manager (type-ahead over colleagues) and department.
 * Loaded only when opened; the current user is fetched afresh on opening.
 */
export default function ProfileDialog({ onClose, onSaved }: ProfileDialogProps) {
  const { user, refresh } = useCurrentUser();
  const updateUser = useUpdateUser();
  const { showToast } = useToast();
  const { users: people = [] } = useUserDirectory();
  const { departments = [] } = useDepartments();
  const storedManagerName = useManagerName(user);
  const [managerName, setManagerName] = useState<string | null>(null);
  const [department, setDepartment] = useState<string | null>(null);
  const { pending } = updateUser;

  useEffect(() => {
    void refresh();
  }, [refresh]);

  if (!user) return null;
  const colleagues = people.filter((person) => person.id !== user.id);
  const shownManagerName = managerName ?? storedManagerName ?? '';
  const shownDepartment = department ?? user.department;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!user) return;
    const typedName = shownManagerName.trim();
    // The user's own identity and role go back unchanged with the new manager.
    const update = {
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      role: user.role,
      managerId: managerNamed(colleagues, typedName)?.id ?? null,
      department: shownDepartment,
      managerName: typedName || null,
    };
    const { errors } = validateForm(profileUpdateSchema, update);
    if (errors) {
      showToast({ title: 'Update failed', description: Object.values(errors)[0], variant: 'destructive' });
      return;
    }
    try {
      await updateUser.run({ id: user.id, ...update });
      showToast({
        title: 'Profile updated',
        description:
          'Your manager and department have been updated successfully. All your training entries have been updated automatically!',
      });
      onSaved?.();
      onClose();
    } catch (error) {
      showToast({ title: 'Update failed', description: errorMessageOf(error, 'Update failed'), variant: 'destructive' });
    }
  }

  return (
    <Dialog
      open
      onClose={onClose}
      title="Update Profile"
      description={`${fullName(user)} (${user.username})`}
      initialFocus="dialog"
    >
      <form noValidate onSubmit={(event) => void onSubmit(event)}>
        <FormField label="Manager Name">
          <ManagerTypeahead
            candidates={colleagues}
            value={shownManagerName}
            onChange={setManagerName}
            onPick={(manager) => setManagerName(fullName(manager))}
          />
        </FormField>
        <FormField label="Department">
          <Select value={shownDepartment} onChange={(event) => setDepartment(event.target.value)}>
            <option value="">Select your department</option>
            {[...departments].sort(byName).map((option) => (
              <option key={option.id} value={option.name}>
                {option.name}
              </option>
            ))}
          </Select>
        </FormField>
        <ReminderSwitches />
        <DialogActions>
          <Button $variant="secondary" onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" disabled={pending}>
            {pending ? 'Updating...' : 'Update Profile'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
