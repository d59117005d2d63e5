import { HR_MESSAGES as M, TARGET_MESSAGES as T, yearlyTargetCreateSchema, type OrganisationTarget } from '@tht/contracts';
import { Button, Dialog, DialogActions, errorMessageOf, useToast, useValidatedForm } from '@tht/ui';
import { useAssignTargets, useCreateYearlyTarget, useUpdateYearlyTarget } from '../hr-api/hrApi';
import { YearlyTargetFields } from './YearlyTargetFields';

type YearlyTargetDialogProps = {
  year: number;
  /** The year's target when one is set (the dialog edits it), else null (it creates one). */
  target: OrganisationTarget | null;
  onClose: () => void;
};

/**
 * Set Target / Edit Target: year 2020-2030, whole hours 1-100000 and
 * an optional description. A new company target then goes on to set everyone's target for the
 * year (one bulk assignment, with the bulk default hours).
 */
export function YearlyTargetDialog({ year, target, onClose }: YearlyTargetDialogProps) {
  const { showToast } = useToast();
  const create = useCreateYearlyTarget();
  const update = useUpdateYearlyTarget();
  const assign = useAssignTargets();
  const form = useValidatedForm(
    { year: String(year), targetHours: target ? String(target.targetHours) : '', description: target?.description ?? '' },
    yearlyTargetCreateSchema,
  );

  async function saveChange(fields: { year: number; targetHours: number; description: string | null }) {
    try {
      await update.run(fields);
      showToast({ title: T.targetUpdated });
      onClose();
    } catch (error) {
      showToast({ title: T.updateTargetFailed(errorMessageOf(error, '')), variant: 'destructive' });
    }
  }

  async function createAndAssign(fields: { year: number; targetHours: number; description: string | null }) {
    try {
      await create.run(fields);
    } catch (error) {
      showToast({ title: T.createTargetFailed, description: errorMessageOf(error, ''), variant: 'destructive' });
      return;
    }
    showToast({ title: T.targetCreated, description: T.settingTargetForAll });
    onClose();
    try {
      const result = await assign.run({ year: fields.year });
      showToast({ title: T.companyTargetsSet(result.targetHours, result.employees) });
    } catch (error) {
      showToast({ title: T.setCompanyTargetsFailed, description: errorMessageOf(error, ''), variant: 'destructive' });
    }
  }

  const pending = form.pending || create.pending || update.pending;
  return (
    <Dialog open onClose={onClose} title={target ? M.editTarget : M.setTarget}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void form.submit((fields) => (target ? saveChange(fields) : createAndAssign(fields)));
        }}
      >
        <YearlyTargetFields values={form.values} errors={form.errors} setField={form.setField} yearFixed={target !== null} />
        <DialogActions>
          <Button $variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={pending}>
            {pending ? 'Saving...' : target ? 'Update Target' : 'Set Target'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
