import { ADMIN_MESSAGES as M, type UserSummary } from '@tht/contracts';
import { FieldError, FormField, Select, Spinner, useUserDirectory } from '@tht/ui';
import { fullName } from '../users/roles';

/** Whom entries can be imported for: everyone but admins. */
export const importableEmployees = (users: readonly UserSummary[]) => users.filter((user) => user.role !== 'admin');

type EmployeePickerProps = {
  label: string;
  selected: UserSummary | null;
  onSelect: (employee: UserSummary | null) => void;
};

/** A select of the employees (admins excluded), named by full name and e-mail. */
export function EmployeePicker({ label, selected, onSelect }: EmployeePickerProps) {
  const { users, error } = useUserDirectory();
  if (error) return <FieldError role="alert">{M.failedToLoadEmployees}</FieldError>;
  if (!users) return <Spinner label="Loading employees..." />;
  const employees = importableEmployees(users);
  return (
    <FormField label={label} required>
      <Select
        value={selected ? String(selected.id) : ''}
        onChange={(event) => onSelect(employees.find((employee) => String(employee.id) === event.target.value) ?? null)}
      >
        <option value="">Select an employee</option>
        {employees.map((employee) => (
          <option key={employee.id} value={employee.id}>
            {fullName(employee)} ({employee.email})
          </option>
        ))}
      </Select>
    </FormField>
  );
}
