import { useId, useMemo, useState } from 'react';
import styled from 'styled-components';
import { createColumnHelper } from '@tanstack/react-table';
import {
  HR_EMPLOYEE_SORTS,
  HR_MESSAGES as M,
  HR_ROLE_FILTER_LABELS,
  HR_ROLE_FILTERS,
  type HrEmployee,
  type HrEmployeeSort,
  type HrRoleFilter,
  type Role,
  statusParameterOf,
  USER_STATUS_LABELS,
  USER_STATUSES,
  type UserStatus,
} from '@tht/contracts';
import { Button, DashboardSection, Input, PageNav, SEARCH_DELAY_MS, Select, useDebouncedValue } from '@tht/ui';
import { SortableTable, type SortingState } from '@tht/ui/table';
import { useHrEmployeePage, type EmployeePageQuery } from '../hr-api/hrApi';
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

const ROLE_NAMES: Readonly<Record<Role, string>> = {
  employee: 'Employee',
  manager: 'Manager',
  hr: 'HR',
  smt: 'SMT',
  admin: 'Admin',
};

const column = createColumnHelper<HrEmployee>();
const employeeRowId = (employee: HrEmployee) => String(employee.id);

/** The columns; their ids are the server's sort names (`HR_EMPLOYEE_SORTS`). */
function employeeColumns(editTarget: (employee: HrEmployee) => void) {
  return [
    column.accessor('name', {
      header: 'Employee',
      cell: ({ row }) => (
        <>
          <strong>{row.original.name}</strong>
          {row.original.deactivatedAt !== undefined && <Muted as="span"> (Deactivated)</Muted>}
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

/** The server's order for the table's sorting: its column either way, by name when none is pressed. */
function serverOrder(sorting: SortingState): Pick<EmployeePageQuery, 'sort' | 'order'> {
  const [sorted] = sorting;
  if (!sorted || !HR_EMPLOYEE_SORTS.includes(sorted.id as HrEmployeeSort)) return { sort: 'name', order: 'asc' };
  return { sort: sorted.id as HrEmployeeSort, order: sorted.desc ? 'desc' : 'asc' };
}

/**
 * The employee table, served a page of 50 at a time: search by name or e-mail, role and status
 * filters (active people by default; deactivated leavers, whose hours stay in every figure, on
 * asking) and sorting on the server, each person's hours, target (with its edit dialog) and
 * completed training with the latest 2 courses, 'Showing X of Y employees' over everyone, and the
 * 'Set employee targets' bulk dialog.
 */
export function EmployeeTable({ year }: { year: number }) {
  const searchId = useId();
  const roleId = useId();
  const statusId = useId();
  const [search, setSearch] = useState('');
  const [role, setRole] = useState<HrRoleFilter>('all');
  const [status, setStatus] = useState<UserStatus>('active');
  const [sorting, setSorting] = useState<SortingState>([]);
  const [pageNumber, setPageNumber] = useState(1);
  const [editing, setEditing] = useState<HrEmployee | null>(null);
  const [bulkOpen, setBulkOpen] = useState(false);
  const columns = useMemo(() => employeeColumns(setEditing), []);
  const query: EmployeePageQuery = {
    page: pageNumber,
    search: useDebouncedValue(search.trim(), SEARCH_DELAY_MS),
    role: role === 'all' ? '' : role,
    status: statusParameterOf(status),
    ...serverOrder(sorting),
  };
  const { page, error } = useHrEmployeePage(year, query);
  const fromPageOne =
    <Value,>(set: (value: Value) => void) =>
    (value: Value) => {
      set(value);
      setPageNumber(1);
    };

  return (
    <DashboardSection
      title={M.employeesTitle}
      data={page}
      error={error}
      loadingLabel={M.loadingEmployees}
      what="the employees"
      actions={() => <Button onClick={() => setBulkOpen(true)}>{M.setEmployeeTargets}</Button>}
    >
      {(loaded) => (
        <>
          <Filters>
            <div>
              <label htmlFor={searchId}>{M.searchEmployees}</label>
              <Input
                id={searchId}
                type="search"
                placeholder={M.searchPlaceholder}
                value={search}
                onChange={(event) => fromPageOne(setSearch)(event.target.value)}
              />
            </div>
            <div>
              <label htmlFor={roleId}>{M.roleFilter}</label>
              <Select id={roleId} value={role} onChange={(event) => fromPageOne(setRole)(event.target.value as HrRoleFilter)}>
                {HR_ROLE_FILTERS.map((filter) => (
                  <option key={filter} value={filter}>
                    {HR_ROLE_FILTER_LABELS[filter]}
                  </option>
                ))}
              </Select>
            </div>
            <div>
              <label htmlFor={statusId}>Status</label>
              <Select id={statusId} value={status} onChange={(event) => fromPageOne(setStatus)(event.target.value as UserStatus)}>
                {USER_STATUSES.map((value) => (
                  <option key={value} value={value}>
                    {USER_STATUS_LABELS[value]}
                  </option>
                ))}
              </Select>
            </div>
          </Filters>
          <SortableTable
            label={`Employees in ${year}`}
            rows={loaded.employees}
            columns={columns}
            emptyText={M.noEmployeesMatching}
            rowId={employeeRowId}
            serverSorting={{ sorting, onChange: fromPageOne(setSorting) }}
          />
          <PageNav
            label={M.employeePages}
            summary={M.showingEmployees(loaded.total, loaded.allEmployees)}
            page={loaded.page}
            totalPages={loaded.totalPages}
            hasNext={loaded.page < loaded.totalPages}
            onPage={setPageNumber}
          />
          {editing && <UserTargetDialog employee={editing} year={year} onClose={() => setEditing(null)} />}
          {bulkOpen && (
            <BulkTargetsDialog
              year={year}
              allEmployees={loaded.allEmployees}
              defaultHours={loaded.bulkTargetHours}
              onClose={() => setBulkOpen(false)}
            />
          )}
        </>
      )}
    </DashboardSection>
  );
}
