import { useState } from 'react';
import { ADMIN_MESSAGES as M, departmentNameSchema, type Department } from '@tht/contracts';
import { Button, CaptionedTable, DashboardSection, EmptyText, FormField, Input, useDepartments, useValidatedForm } from '@tht/ui';
import { DeleteConfirmation } from '../panel/DeleteConfirmation';
import { InlineForm } from '../panel/layout';
import { RowActions } from '../panel/RowActions';
import { formatCreatedDate } from '../panel/formatDate';
import { useOutcomeToast } from '../panel/useOutcomeToast';
import { RenameDepartmentDialog } from './RenameDepartmentDialog';
import { useCreateDepartment, useDeleteDepartment } from './departmentsApi';

const byName = (a: Department, b: Department) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' });

function AddDepartmentForm() {
  const create = useCreateDepartment();
  const withToast = useOutcomeToast();
  const form = useValidatedForm({ name: '' }, departmentNameSchema);

  async function add({ name }: { name: string }) {
    const created = await withToast(() => create.run(name), {
      success: 'Department added',
      successDescription: name,
      failure: M.failedToAddDepartment,
    });
    if (created) form.setField('name', '');
  }

  return (
    <InlineForm noValidate aria-label="Add a department" onSubmit={form.handleSubmit(add)}>
      <FormField label="Department Name" error={form.errors.name} required>
        <Input value={form.values.name} onChange={(event) => form.setField('name', event.target.value)} />
      </FormField>
      <Button type="submit" disabled={form.pending}>
        {form.pending ? 'Adding...' : 'Add Department'}
      </Button>
    </InlineForm>
  );
}

function DepartmentTable({
  departments,
  onEdit,
  onDelete,
}: {
  departments: readonly Department[];
  onEdit: (department: Department) => void;
  onDelete: (department: Department) => void;
}) {
  if (departments.length === 0) return <EmptyText>No departments yet.</EmptyText>;
  return (
    <CaptionedTable caption="Departments">
      <thead>
        <tr>
          <th scope="col">Name</th>
          <th scope="col">Created</th>
          <th scope="col">Actions</th>
        </tr>
      </thead>
      <tbody>
        {[...departments].sort(byName).map((department) => (
          <tr key={department.id}>
            <th scope="row">{department.name}</th>
            <td>{formatCreatedDate(department.createdAt)}</td>
            <td>
              <RowActions name={department.name} onEdit={() => onEdit(department)} onDelete={() => onDelete(department)} />
            </td>
          </tr>
        ))}
      </tbody>
    </CaptionedTable>
  );
}

/** The Departments tab: add, rename and delete departments, listed by name with their creation date. */
export default function Departments() {
  const { departments, error } = useDepartments();
  const remove = useDeleteDepartment();
  const [editing, setEditing] = useState<Department | null>(null);
  const [deleting, setDeleting] = useState<Department | null>(null);

  return (
    <DashboardSection title={M.tabs.departments} data={departments} error={error} loadingLabel="Loading..." what="departments">
      {(loaded) => (
        <>
          <AddDepartmentForm />
          <DepartmentTable departments={loaded} onEdit={setEditing} onDelete={setDeleting} />
          {editing && <RenameDepartmentDialog department={editing} onClose={() => setEditing(null)} />}
          <DeleteConfirmation
            item={deleting}
            title="Delete Department"
            message={(department) =>
              `Are you sure you want to delete the department ${department.name}? This action cannot be undone.`
            }
            remove={(department) => remove.run(department.id)}
            pending={remove.pending}
            outcome={(department) => ({
              success: 'Department deleted',
              successDescription: department.name,
              failure: M.failedToDeleteDepartment,
            })}
            onDone={() => setDeleting(null)}
          />
        </>
      )}
    </DashboardSection>
  );
}
