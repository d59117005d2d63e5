import { useState } from 'react';
import { ADMIN_MESSAGES as M, type UserSummary } from '@tht/contracts';
import { Card, CardTitle, EmptyText } from '@tht/ui';
import { BulkEntryGrid } from '@tht/ui/bulk-grid';
import { fullName } from '../users/roles';
import { useAdminBulkEntries } from './bulkImportApi';
import { EmployeePicker } from './EmployeePicker';

function EmployeeGrid({ employee, onClose }: { employee: UserSummary; onClose: () => void }) {
  const { run: send } = useAdminBulkEntries(employee.id);
  return (
    <BulkEntryGrid
      owner={{
        firstName: employee.firstName,
        lastName: employee.lastName,
        managerName: employee.managerName ?? '',
        department: employee.department,
      }}
      variant="admin"
      send={send}
      titleId="admin-bulk-grid-title"
      title={`Entries for ${fullName(employee)}`}
      hint="Type entries or paste rows from a spreadsheet in this column order. Training name, date and hours are needed for a row to count; empty manager and department use the employee's. Be Innovative also takes 1 and 0; the types also self-study, conference, webinar, workshop and certification. Entries the employee already has (same training name and date) are skipped."
      onClose={onClose}
    />
  );
}

/** The admin bulk import: pick an employee (admins excluded), fill the grid with the admin rules, preview, create. */
export default function AdminBulkImport() {
  const [employee, setEmployee] = useState<UserSummary | null>(null);
  return (
    <Card aria-labelledby="admin-bulk-import-title">
      <CardTitle id="admin-bulk-import-title">{M.tabs.bulkImport}</CardTitle>
      <EmployeePicker label="Employee" selected={employee} onSelect={setEmployee} />
      {employee ? (
        <EmployeeGrid key={employee.id} employee={employee} onClose={() => setEmployee(null)} />
      ) : (
        <EmptyText role="status">{M.noEmployeeSelected}</EmptyText>
      )}
    </Card>
  );
}
