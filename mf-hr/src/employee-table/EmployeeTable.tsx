import { useId, useMemo, useState } from 'react';
import styled from 'styled-components';
import { createColumnHelper } from '@tanstack/react-table';
import {
  defaultBulkTargetHours,
  HR_MESSAGES as M,
  HR_ROLE_FILTER_LABELS,
  HR_ROLE_FILTERS,
  matchesEmployeeFilter,
  type HrEmployee,
  type HrRoleFilter,
  type Role,
} from '@tht/contracts';
import { Button, DashboardSection, Input, Select } from '@tht/ui';
import { SortableTable } from '@tht/ui/table';
import { useHrEmployees, useHrStats } from '../hr-api/hrApi';
import { BulkTargetsDialog } from './BulkTargetsDialog';
import { UserTargetDialog } from './UserTargetDialog';

const Filters = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.spacing(4)};
  margin-bottom: ${({ theme }) => theme.spacing(4)};
  & > div { display: flex; flex-direction: column; gap: ${({ theme }) => theme.spacing(1)}; }
  & label { font-weight: 600; }
  & input { min-width: 16rem; }
`;

const Muted = styled.span`
  display: block;
  color: ${({ theme }) => theme.colors.mutedText};
  font-size: 0.875rem;
`;

const Courses = styled.ul`
  margin: ${({ theme }) => theme.spacing(1)} 0 0;
  padding-left: ${({ theme }) => theme.spacing(4)};
  font-size: 0.875rem;
`;

const Footer = styled.p`
  margin: ${({ theme }) => theme.spacing(3)} 0 0;
  color: ${({ theme }) => theme.colors.mutedText};
`;

const ROLE_NAMES: Readonly<Record<Role, string>> = {
  employee: 'Employee',
  manager: 'Manager',
  hr: 'HR',
  smt: 'SMT',
  admin: 'Admin',
};

const column = createColumnHelper<HrEmployee>();
const employeeRowId = (employee: HrEmployee) => String(employee.id);

function employeeColumns(editTarget: (employee: HrEmployee) => void) {
  return [
    column.accessor('name', {
      header: 'Employee',
      cell: ({ row }) => (
        <>
          <strong>{row.original.name}</strong>
          <Muted>{row.original.email}</Muted>
        </>
      ),
    }),
    column.accessor('role', { header: 'Role', cell: ({ getValue }) => ROLE_NAMES[getValue()] }),
    column.accessor('totalHours', { header: 'Total Hours' }),
    column.accessor('targetHours', {
      header: 'Target Hours',
      cell: ({ row }) => (
        <>
          {row.original.targetHours}{' '}
          <Button $variant="ghost" aria-label={M.editUserTarget(row.original.name)} onClick={() => editTarget(row.original)}>
            Edit
          </Button>
        </>
      ),
    }),
    column.accessor('completedTraining', {
      header: 'Completed Training',
      cell: ({ row }) => (
        <>
          {row.original.completedTraining}
          {row.original.recentCourses.length > 0 && (
            <Courses aria-label={`Latest courses of ${row.original.name}`}>
              {row.original.recentCourses.map((course) => (
                <li key={`${course.date} ${course.trainingName}`}>
                  {course.trainingName} <Muted as="span">({course.date})</Muted>
                </li>
              ))}
            </Courses>
          )}
        </>
      ),
    }),
  ];
}

function EmployeeGrid({ employees, year }: { employees: readonly HrEmployee[]; year: number }) {
  const searchId = useId();
  const roleId = useId();
  const [search, setSearch] = useState('');
  const [role, setRole] = useState<HrRoleFilter>('all');
  const [editing, setEditing] = useState<HrEmployee | null>(null);
  const columns = useMemo(() => employeeColumns(setEditing), []);
  const shown = useMemo(
    () => employees.filter((employee) => matchesEmployeeFilter(employee, search, role)),
    [employees, search, role],
  );

  return (
    <>
      <Filters>
        <div>
          <label htmlFor={searchId}>{M.searchEmployees}</label>
          <Input
            id={searchId}
            type="search"
            placeholder={M.searchPlaceholder}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        </div>
        <div>
          <label htmlFor={roleId}>{M.roleFilter}</label>
          <Select id={roleId} value={role} onChange={(event) => setRole(event.target.value as HrRoleFilter)}>
            {HR_ROLE_FILTERS.map((filter) => (
              <option key={filter} value={filter}>
                {HR_ROLE_FILTER_LABELS[filter]}
              </option>
            ))}
          </Select>
        </div>
      </Filters>
      <SortableTable
        label={`Employees in ${year}`}
        rows={shown}
        columns={columns}
        emptyText={M.noEmployeesMatching}
        rowId={employeeRowId}
      />
      <Footer role="status">{M.showingEmployees(shown.length, employees.length)}</Footer>
      {editing && <UserTargetDialog employee={editing} year={year} onClose={() => setEditing(null)} />}
    </>
  );
}

/**
 * The employee table (SPEC section 2): search by name or e-mail, role filter, each person's hours,
 * target (with its edit dialog) and completed training with the latest 2 courses, and the
 * 'Set employee targets' bulk dialog.
 */
export function EmployeeTable({ year }: { year: number }) {
  const { employees, error } = useHrEmployees(year);
  const { stats } = useHrStats(year);
  const [bulkOpen, setBulkOpen] = useState(false);
  const defaultHours = (people: readonly HrEmployee[]) =>
    defaultBulkTargetHours(
      people.filter((person) => person.hasOwnTarget).map((person) => person.targetHours),
      { yearlyTargetHours: stats?.target?.targetHours ?? null, totalUsers: people.length },
    );
  return (
    <DashboardSection
      title={M.employeesTitle}
      data={employees}
      error={error}
      loadingLabel={M.loadingEmployees}
      what="the employees"
      actions={() => <Button onClick={() => setBulkOpen(true)}>{M.setEmployeeTargets}</Button>}
    >
      {(loaded) => (
        <>
          <EmployeeGrid employees={loaded} year={year} />
          {bulkOpen && (
            <BulkTargetsDialog
              employees={loaded}
              year={year}
              defaultHours={defaultHours(loaded)}
              onClose={() => setBulkOpen(false)}
            />
          )}
        </>
      )}
    </DashboardSection>
  );
}
