/**
 * The cached reads, each a family of SWR keys named by its path: a key belongs to a family when
 * its path (before any `?`) is the family's path or lies under it ('/api/hr' holds
 * '/api/hr/stats?year=2025'; '/api/user' holds neither '/api/users' nor '/api/user-targets').
 */
export const READS = {
  currentUser: '/api/user',
  users: '/api/users',
  managers: '/api/managers',
  departments: '/api/departments',
  formFields: '/api/form-fields',
  availableYears: '/api/available-years',
  ownEntries: '/api/entries',
  ownStats: '/api/stats',
  userTargets: '/api/user-targets',
  yearlyTargets: '/api/yearly-targets',
  fiscalYears: '/api/fiscal-years',
  hr: '/api/hr',
  manager: '/api/manager',
  smt: '/api/smt',
  adminStats: '/api/admin-stats',
  adminUsers: '/api/admin/users',
  secondFactor: '/api/account/second-factor',
} as const;

export type Read = keyof typeof READS;

/** Every read that counts entries' hours: entry lists and every figure built from them. */
const ENTRY_FIGURES = ['ownEntries', 'ownStats', 'hr', 'manager', 'smt', 'adminStats', 'availableYears'] as const;

/** Every list of people: the admin's, the directory and managers, the signed-in user, HR's and managers' teams. */
const PEOPLE = ['adminStats', 'adminUsers', 'users', 'currentUser', 'managers', 'hr', 'manager'] as const;

/** A year's target: the HR, SMT and team figures, the target lists and the fiscal years, which are the yearly targets. */
const TARGETS = ['hr', 'smt', 'manager', 'userTargets', 'yearlyTargets', 'fiscalYears'] as const;

/**
 * What each write refreshes once the API accepted it (the server answers once its read models
 * include the change, so the refetch shows it): the one place that says which reads a write changes.
 */
export const WRITE_REFRESHES = {
  'POST /api/entries': ENTRY_FIGURES,
  'PUT /api/entries/{id}': ENTRY_FIGURES,
  'DELETE /api/entries/{id}': ENTRY_FIGURES,
  'POST /api/entries/bulk': ENTRY_FIGURES,
  'POST /api/admin/entries/bulk': ENTRY_FIGURES,

  'POST /api/users': PEOPLE,
  // A new manager or department moves the person's entries, and their hours, with them.
  'PUT /api/users/{id}': [...PEOPLE, 'ownEntries', 'ownStats', 'smt'],
  'DELETE /api/users/{id}': PEOPLE,
  'POST /api/admin/set-temp-password': PEOPLE,
  'POST /api/sync-roles': PEOPLE,
  // A link handed over by an admin: no stored list changes.
  'POST /api/reset-password': [],

  // A rename moves the department's people to the new name; the overview counts departments.
  'POST /api/departments': ['departments', 'adminStats', 'adminUsers', 'users'],
  'PUT /api/departments/{id}': ['departments', 'adminStats', 'adminUsers', 'users'],
  'DELETE /api/departments/{id}': ['departments', 'adminStats', 'adminUsers', 'users'],

  // The field list carries each select field's options.
  'POST /api/form-fields': ['formFields'],
  'PUT /api/form-fields/{id}': ['formFields'],
  'DELETE /api/form-fields/{id}': ['formFields'],
  'PUT /api/form-fields/{id}/order': ['formFields'],
  'POST /api/form-fields/{id}/options': ['formFields'],
  'PUT /api/form-field-options/{id}': ['formFields'],
  'DELETE /api/form-field-options/{id}': ['formFields'],

  'POST /api/fiscal-years': TARGETS,
  'POST /api/yearly-targets': TARGETS,
  'PUT /api/yearly-targets/{year}': TARGETS,
  'POST /api/user-targets': TARGETS,
  'PUT /api/user-targets/{userId}/{year}': TARGETS,
  'POST /api/user-targets/bulk': TARGETS,

  // A set-up stores nothing until its first code turns it on. Turning it on refreshes nothing at
  // once: its screen shows the recovery codes first, then refreshes the state (and, for an
  // administrator ADMIN_MFA=required holds, the current user).
  'POST /api/account/second-factor/enrolment': [],
  'POST /api/account/second-factor': [],
  'POST /api/account/second-factor/disable': ['secondFactor'],

  // The check writes nothing; a started import answers 202 before it writes, so its reads are
  // refreshed when its progress says it is done ('import finished').
  'POST /api/import?dryRun=true': [],
  'POST /api/import': [],
  'import finished': [...ENTRY_FIGURES, ...PEOPLE, 'departments', 'formFields', 'fiscalYears', 'yearlyTargets', 'userTargets'],
} as const satisfies Record<string, readonly Read[]>;

export type Write = keyof typeof WRITE_REFRESHES;

/** The path of an SWR key, or undefined for a key that is not a string. */
function pathOf(key: unknown): string | undefined {
  return typeof key === 'string' ? key.split('?', 1)[0] : undefined;
}

/** Whether `key` belongs to the family `read` (see READS). */
export function isReadOf(read: Read, key: unknown): boolean {
  const path = pathOf(key);
  const familyPath = READS[read];
  return path !== undefined && (path === familyPath || path.startsWith(`${familyPath}/`));
}

/** The SWR key filter of the reads `write` refreshes. */
export function refreshedBy(write: Write): (key: unknown) => boolean {
  const reads: readonly Read[] = WRITE_REFRESHES[write];
  return (key) => reads.some((read) => isReadOf(read, key));
}
