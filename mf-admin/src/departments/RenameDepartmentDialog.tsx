import { ADMIN_MESSAGES as M, departmentNameSchema, type Department } from '@tht/contracts';
import { Dialog, FormActions, FormField, Input, useValidatedForm } from '@tht/ui';
import { useOutcomeToast } from '../panel/useOutcomeToast';
import { useRenameDepartment } from './departmentsApi';

/** Edit Department: a new name for the department (its people move with it). */
export function RenameDepartmentDialog({ department, onClose }: { department: Department; onClose: () => void }) {
  const rename = useRenameDepartment();
  const withToast = useOutcomeToast();
  const form = useValidatedForm({ name: department.name }, departmentNameSchema);

  async function save({ name }: { name: string }) {
    const renamed = await withToast(() => rename.run({ id: department.id, name }), {
      success: 'Department updated',
      successDescription: name,
      failure: M.failedToUpdateDepartment,
    });
    if (renamed) onClose();
  }

  return (
    <Dialog open onClose={onClose} title="Edit Department">
      <form noValidate onSubmit={form.handleSubmit(save)}>
        <FormField label="Department Name" error={form.errors.name} required>
          <Input value={form.values.name} onChange={(event) => form.setField('name', event.target.value)} />
        </FormField>
        <FormActions onCancel={onClose} pending={form.pending} submitLabel="Save" />
      </form>
    </Dialog>
  );
}
