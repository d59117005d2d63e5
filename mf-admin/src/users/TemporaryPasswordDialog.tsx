import { ADMIN_MESSAGES as M, tempPasswordSchema, type TempPasswordInput, type User } from '@tht/contracts';
import { Dialog, FormActions, FormField, type FormSchema, PasswordInput, useValidatedForm } from '@tht/ui';
import { useOutcomeToast } from '../panel/useOutcomeToast';
import { fullName } from './roles';
import { useSetTemporaryPassword } from './usersApi';

/** Set Temporary Password: required, 6 characters or more; the user must choose a new one at the next sign-in. */
export function TemporaryPasswordDialog({ user, onClose }: { user: User; onClose: () => void }) {
  const setPassword = useSetTemporaryPassword();
  const withToast = useOutcomeToast();
  const schema: FormSchema<TempPasswordInput> = {
    safeParse: (values) => tempPasswordSchema.safeParse({ userId: user.id, ...(values as { tempPassword: string }) }),
  };
  const form = useValidatedForm({ tempPassword: '' }, schema);

  async function save(request: TempPasswordInput) {
    const done = await withToast(() => setPassword.run(request), {
      success: 'Temporary password set',
      successDescription: `${fullName(user)} must choose a new password at the next sign-in.`,
      failure: M.failedToSetTemporaryPassword,
    });
    if (done) onClose();
  }

  return (
    <Dialog
      open
      onClose={onClose}
      title="Set Temporary Password"
      description={`For ${fullName(user)} (${user.email}). Their current sign-ins end, and they must choose a new password after signing in with this one.`}
    >
      <form noValidate onSubmit={form.handleSubmit(save)}>
        <FormField label="Temporary Password" required error={form.errors.tempPassword}>
          <PasswordInput
            autoComplete="new-password"
            value={form.values.tempPassword}
            onChange={(event) => form.setField('tempPassword', event.target.value)}
          />
        </FormField>
        <FormActions onCancel={onClose} pending={form.pending} submitLabel="Set Password" pendingLabel="Setting..." />
      </form>
    </Dialog>
  );
}
