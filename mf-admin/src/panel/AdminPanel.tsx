import { lazy, Suspense, useState } from 'react';
import { ADMIN_MESSAGES as M, NOTIFICATION_MESSAGES } from '@tht/contracts';
import { ExportAllDataButton, PageHeader, Spinner, Tabs } from '@tht/ui';

// Each tab's code is fetched when the tab is first opened.
const TABS = {
  users: { label: M.tabs.users, Content: lazy(() => import('../users/UserManagement')) },
  'form-fields': { label: M.tabs.formFields, Content: lazy(() => import('../form-fields/FormFields')) },
  departments: { label: M.tabs.departments, Content: lazy(() => import('../departments/Departments')) },
  'fiscal-years': { label: M.tabs.fiscalYears, Content: lazy(() => import('../fiscal-years/FiscalYears')) },
  import: { label: M.tabs.import, Content: lazy(() => import('../import/ImportData')) },
  'bulk-import': { label: M.tabs.bulkImport, Content: lazy(() => import('../bulk-import/AdminBulkImport')) },
  'audit-log': { label: M.tabs.auditLog, Content: lazy(() => import('../audit/AuditLog')) },
  notifications: { label: NOTIFICATION_MESSAGES.tabTitle, Content: lazy(() => import('../notifications/Notifications')) },
  'connected-systems': { label: M.tabs.connectedSystems, Content: lazy(() => import('../connected-systems/ConnectedSystems')) },
} as const;

type AdminSection = keyof typeof TABS;

const TAB_ITEMS = (Object.keys(TABS) as AdminSection[]).map((value) => ({ value, label: TABS[value].label }));

/** The Admin tab (exposed as mf_admin/AdminPanel): header with Export All Data and Export with Evidence, and one tab per admin task. */
export default function AdminPanel() {
  const [section, setSection] = useState<AdminSection>('users');
  const { Content } = TABS[section];
  return (
    <section aria-labelledby="admin-panel-title">
      <PageHeader title={M.title} titleId="admin-panel-title">
        <ExportAllDataButton label={M.exportAllData} />
        <ExportAllDataButton label={M.exportWithEvidence} limits={{ format: 'xlsx', evidence: true }} />
      </PageHeader>
      <Tabs label="Admin sections" items={TAB_ITEMS} value={section} onChange={setSection}>
        <Suspense fallback={<Spinner label="Loading..." />}>
          <Content />
        </Suspense>
      </Tabs>
    </section>
  );
}
