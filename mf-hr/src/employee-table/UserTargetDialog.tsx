import {
  HR_MESSAGES as M,
  SINGLE_TARGET_REASON,
  TARGET_MESSAGES as T,
  USER_TARGET_MAX_HOURS,
  userTargetUpdateSchema,
  type HrEmployee,
} from '@tht/contracts';
import { Button, Dialog, DialogActions, errorMessageOf, FormField, Input, useToast, useValidatedForm } from '@tht/ui';
import { useCreateUserTarget, useUpdateUserTarget } from '../hr-api/hrApi';

/**
 * One person's target for the year: updated when HR set one, else
 * created; a number input 1-10000, required; the reason of a single edit is 'HR adjustment'.
 */
export function UserTargetDialog({ employee, year, onClose }: { employee: HrEmployee; year: number; onClose: () => void }) {
  const { showToast } = useToast();
  const create = useCreateUserTarget();
  const update = useUpdateUserTarget();
  const form = useValidatedForm({ targetHours: String(employee.targetHours) }, userTargetUpdateSchema);

  async function save({ targetHours }: { targetHours: number }) {
    const target = { userId: employee.id, year, targetHours, reason: SINGLE_TARGET_REASON };
    const [write, success, failure] = employee.hasOwnTarget
      ? [update, T.userTargetUpdated, T.updateUserTargetFailed]
      : [create, T.userTargetSet, T.setUserTargetFailed];
    try {
      await write.run(target);
      showToast({ title: success });
      onClose();
    } catch (error) {
      showToast({ title: failure, description: errorMessageOf(error, ''), variant: 'destructive' });
    }
  }

  return (
    <Dialog open onClose={onClose} title={M.userTargetTitle(employee.name, year)}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void form.submit(save);
        }}
      >
        <FormField label="Target Hours" required error={form.errors.targetHours}>
          <Input
            type="number"
            min={1}
            max={USER_TARGET_MAX_HOURS}
            step={1}
            required
            value={form.values.targetHours}
            onChange={(event) => form.setField('targetHours', event.target.value)}
          />
        </FormField>
        <DialogActions>
          <Button $variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={form.pending}>
            {form.pending ? 'Saving...' : 'Save Target'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
