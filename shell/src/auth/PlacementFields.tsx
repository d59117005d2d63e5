import { useState } from 'react';
import { fullName, type Department, type ManagerOption } from '@tht/contracts';
import { FormField, Select, useDepartments, useManagerOptions, type FormBinding } from '@tht/ui';
import { ManagerTypeahead } from '../managers/ManagerTypeahead';
import { managerNamed } from '../managers/managerMatching';

function byName(a: Department, b: Department): number {
  return a.name.localeCompare(b.name);
}

/** The managers and departments a new account picks from, and the manager picked (or typed exactly). */
export function usePlacementChoices() {
  const { managers = [] } = useManagerOptions();
  const { departments = [] } = useDepartments();
  const [pickedManager, setPickedManager] = useState<ManagerOption | null>(null);
  return {
    managers,
    departments: [...departments].sort(byName),
    pickManager: setPickedManager,
    managerIdFor: (managerName: string): number | undefined => (pickedManager ?? managerNamed(managers, managerName))?.id,
  };
}

type PlacementChoices = ReturnType<typeof usePlacementChoices>;

/** A new account's Manager (type-ahead) and Department (select): registration's, and the first single sign-on's. */
export function PlacementFields({ form, choices }: { form: FormBinding<'managerName' | 'department'>; choices: PlacementChoices }) {
  return (
    <>
      <FormField label="Manager" error={form.errors.managerId}>
        <ManagerTypeahead
          candidates={choices.managers}
          value={form.values.managerName}
          onChange={(text) => {
            choices.pickManager(null);
            form.setField('managerName', text);
          }}
          onPick={(manager) => {
            choices.pickManager(manager);
            form.setField('managerName', fullName(manager));
          }}
        />
      </FormField>
      <FormField label="Department" required error={form.errors.department}>
        <Select
          name="department"
          value={form.values.department}
          onChange={(event) => form.setField('department', event.target.value)}
        >
          <option value="">Select your department</option>
          {choices.departments.map((department) => (
            <option key={department.id} value={department.name}>
              {department.name}
            </option>
          ))}
        </Select>
      </FormField>
    </>
  );
}
