import { useState } from 'react';
import { ExportAllDataButton, PageHeader, Tabs } from '@tht/ui';

const ADMIN_SECTIONS = [
  { value: 'users', label: 'User Management' },
  { value: 'form-fields', label: 'Form Fields' },
  { value: 'departments', label: 'Departments' },
  { value: 'fiscal-years', label: 'Fiscal Years' },
  { value: 'import', label: 'Import Data' },
] as const;

type AdminSection = (typeof ADMIN_SECTIONS)[number]['value'];

/** The Admin tab (exposed as mf_admin/AdminPanel). */
export default function AdminPanel() {
  const [section, setSection] = useState<AdminSection>('users');
  return (
    <section aria-labelledby="admin-panel-title">
      <PageHeader title="Admin Panel" titleId="admin-panel-title">
        <ExportAllDataButton />
      </PageHeader>
      <Tabs label="Admin sections" items={ADMIN_SECTIONS} value={section} onChange={setSection}>
        {null}
      </Tabs>
    </section>
  );
}
