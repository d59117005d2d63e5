import { canManageTargets, canManageUsers, canUseManagerView, canViewExecutiveOverview, type Viewer } from '@tht/contracts';
import type { RemoteName } from '../remotes/registry';

export type MainTabValue = 'dashboard' | 'add-entry' | 'manager' | 'hr' | 'smt' | 'admin';

export type MainTab = {
  value: MainTabValue;
  label: string;
  remote: RemoteName;
  exposed: string;
  isAllowed: (viewer: Viewer) => boolean;
};

/** The main application's tabs in display order, each with who may see it (rules from contracts). */
export const MAIN_TABS: readonly MainTab[] = [
  { value: 'dashboard', label: 'My Dashboard', remote: 'mf_employee', exposed: 'MyDashboard', isAllowed: () => true },
  { value: 'add-entry', label: 'Add Entry', remote: 'mf_employee', exposed: 'AddEntry', isAllowed: () => true },
  { value: 'manager', label: 'Manager View', remote: 'mf_manager', exposed: 'ManagerView', isAllowed: canUseManagerView },
  { value: 'hr', label: 'HR View', remote: 'mf_hr', exposed: 'HrView', isAllowed: canManageTargets },
  { value: 'smt', label: 'SMT View', remote: 'mf_smt', exposed: 'SmtView', isAllowed: canViewExecutiveOverview },
  { value: 'admin', label: 'Admin', remote: 'mf_admin', exposed: 'AdminPanel', isAllowed: canManageUsers },
];

export function tabsFor(viewer: Viewer): MainTab[] {
  return MAIN_TABS.filter((tab) => tab.isAllowed(viewer));
}

/**
 * The tab a link opens at `/` with `?tab=<value>` (the reminder mails' Add Entry and Manager View
 * links); null for none or an unknown one. The Admin tab has its own route, `/admin`.
 */
export function linkedTab(value: string | null): MainTabValue | null {
  return MAIN_TABS.find((tab) => tab.value === value && tab.value !== 'admin')?.value ?? null;
}
