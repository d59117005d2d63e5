import { useMemo } from 'react';
import {
  adminUserCreateSchema,
  adminUserEditSchema,
  adminUserUpdateSchema,
  ADMIN_MESSAGES as M,
  ROLES,
  type User,
  type UserSummary,
} from '@tht/contracts';
import {
  Dialog,
  FormActions,
  FormField,
  type FormSchema,
  Input,
  NameFields,
  PasswordField,
  Select,
  Spinner,
  useCurrentUser,
  useDepartments,
  useOrgEmailDomain,
  useUpdateUser,
  useUserDirectory,
  useValidatedForm,
} from '@tht/ui';
import { HistorySection } from '@tht/ui/history';
import { useOutcomeToast } from '../panel/useOutcomeToast';
import { fullName, ROLE_LABELS } from './roles';
import { useCreateUser, type UserFields } from './usersApi';

type UserFormValues = {
  email: string;
  firstName: string;
  lastName: string;
  role: string;
  managerId: string;
  department: string;
  password: string;
};

type UserFormOutput = UserFields & { password?: string };

/**
 * The admin form's rules from contracts: Add User with a password of 6 or more,
 * Edit User without one; the manager is required, except on the admin's own record (which may
 * have none, as the start-up admin has).
 */
function userFormSchema(domain: string, mode: 'create' | 'edit' | 'edit-own'): FormSchema<UserFormOutput> {
  const schema = { create: adminUserCreateSchema, edit: adminUserEditSchema, 'edit-own': adminUserUpdateSchema }[mode](domain);
  return {
    safeParse: (values) => {
      const { password, managerId, ...fields } = values as UserFormValues;
      const manager = managerId === '' ? (mode === 'edit-own' ? null : undefined) : Number(managerId);
      const result = schema.safeParse({ ...fields, managerId: manager, ...(mode === 'create' ? { password } : {}) });
      return result.success ? { success: true, data: result.data as UserFormOutput } : result;
    },
  };
}

function ManagerOptions({ people, excluded }: { people: readonly UserSummary[]; excluded?: number }) {
  return (
    <>
      <option value="">Select a manager</option>
      {people
        .filter((person) => person.id !== excluded)
        .map((person) => (
          <option key={person.id} value={person.id}>
            {fullName(person)} ({person.email})
          </option>
        ))}
    </>
  );
}

type UserFormProps = {
  user: User | undefined;
  ownRecord: boolean;
  domain: string;
  people: readonly UserSummary[];
  departmentNames: readonly string[];
  onClose: () => void;
};

function UserForm({ user, ownRecord, domain, people, departmentNames, onClose }: UserFormProps) {
  const create = useCreateUser();
  const update = useUpdateUser();
  const withToast = useOutcomeToast();
  const mode = !user ? 'create' : ownRecord ? 'edit-own' : 'edit';
  const schema = useMemo(() => userFormSchema(domain, mode), [domain, mode]);
  const form = useValidatedForm<UserFormValues, UserFormOutput>(
    {
      email: user?.email ?? '',
      firstName: user?.firstName ?? '',
      lastName: user?.lastName ?? '',
      role: user?.role ?? 'employee',
      managerId: user?.managerId ? String(user.managerId) : '',
      department: user?.department ?? '',
      password: '',
    },
    schema,
  );

  const managerNameOf = (managerId: number | null) => {
    const manager = people.find((person) => person.id === managerId);
    return manager ? fullName(manager) : null;
  };

  async function save({ password, ...fields }: UserFormOutput) {
    const name = `${fields.firstName} ${fields.lastName}`;
    const saved = user
      ? await withToast(() => update.run({ id: user.id, ...fields, managerName: managerNameOf(fields.managerId) }), {
          success: 'User updated',
          successDescription: name,
          failure: M.failedToUpdateUser,
        })
      : await withToast(() => create.run({ ...fields, password: password ?? '' }), {
          success: 'User created',
          successDescription: `${name} signs in with the password you gave and then chooses their own.`,
          failure: M.failedToCreateUser,
        });
    if (saved) onClose();
  }

  // A department the list no longer has still shows as the current choice.
  const departmentChoices =
    form.values.department && !departmentNames.includes(form.values.department)
      ? [form.values.department, ...departmentNames]
      : departmentNames;

  return (
    <form noValidate onSubmit={form.handleSubmit(save)}>
      <FormField label="Email" required error={form.errors.email} hint={`An @${domain} address; it is also the username.`}>
        <Input
          type="email"
          autoComplete="off"
          value={form.values.email}
          onChange={(event) => form.setField('email', event.target.value)}
        />
      </FormField>
      <NameFields form={form} whose="another" />
      <FormField label="Role" required error={form.errors.role} hint={ownRecord ? 'You cannot change your own role.' : undefined}>
        <Select value={form.values.role} disabled={ownRecord} onChange={(event) => form.setField('role', event.target.value)}>
          {ROLES.map((role) => (
            <option key={role} value={role}>
              {ROLE_LABELS[role]}
            </option>
          ))}
        </Select>
      </FormField>
      <FormField label="Manager" required={!ownRecord} error={form.errors.managerId}>
        <Select value={form.values.managerId} onChange={(event) => form.setField('managerId', event.target.value)}>
          <ManagerOptions people={people} excluded={user?.id} />
        </Select>
      </FormField>
      <FormField label="Department" required error={form.errors.department}>
        <Select value={form.values.department} onChange={(event) => form.setField('department', event.target.value)}>
          <option value="">Select a department</option>
          {departmentChoices.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </Select>
      </FormField>
      {!user && (
        <PasswordField
          form={form}
          field="password"
          label="Password"
          autoComplete="new-password"
          hint="At least 6 characters; the user chooses their own at the first sign-in."
        />
      )}
      <FormActions onCancel={onClose} pending={form.pending} submitLabel={user ? 'Save Changes' : 'Add User'} />
    </form>
  );
}

type UserFormDialogProps = {
  /** The user to edit; none to add one. */
  user?: User;
  onClose: () => void;
};

/** Add User / Edit User: e-mail, names, role, manager, department, and on Add a first password. */
export function UserFormDialog({ user, onClose }: UserFormDialogProps) {
  const domain = useOrgEmailDomain();
  const { user: admin } = useCurrentUser();
  const { users: people } = useUserDirectory();
  const { departments } = useDepartments();
  const departmentNames = (departments ?? [])
    .map((department) => department.name)
    .sort((a, b) => a.localeCompare(b, undefined, { sensitivity: 'base' }));
  return (
    <Dialog open onClose={onClose} title={user ? 'Edit User' : 'Add User'} width="36rem">
      {domain && people ? (
        <UserForm
          user={user}
          ownRecord={user !== undefined && user.id === admin?.id}
          domain={domain}
          people={people}
          departmentNames={departmentNames}
          onClose={onClose}
        />
      ) : (
        <Spinner label="Loading..." />
      )}
      {user && <HistorySection kind="users" id={String(user.id)} label="User history" />}
    </Dialog>
  );
}
