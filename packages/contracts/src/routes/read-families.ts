/**
 * The cached reads, each a family of the browser's cache keys named by its path: a key belongs to a
 * family when its path (before any `?`) is the family's path or lies under it ('/api/hr' holds
 * '/api/hr/stats?year=2025'; '/api/user' holds neither '/api/users' nor '/api/user-targets').
 */
export const READ_FAMILIES = {
  currentUser: '/api/user',
  users: '/api/users',
  managers: '/api/managers',
  departments: '/api/departments',
  formFields: '/api/form-fields',
  availableYears: '/api/available-years',
  ownEntries: '/api/entries',
  ownStats: '/api/stats',
  ownCertificates: '/api/certificates',
  userTargets: '/api/user-targets',
  yearlyTargets: '/api/yearly-targets',
  fiscalYears: '/api/fiscal-years',
  hr: '/api/hr',
  manager: '/api/manager',
  smt: '/api/smt',
  adminStats: '/api/admin-stats',
  adminUsers: '/api/admin/users',
  secondFactor: '/api/account/second-factor',
  notifications: '/api/admin/notifications',
  ownNotifications: '/api/account/notifications',
  xapiClients: '/api/admin/xapi-clients',
  xapiUnmatched: '/api/admin/xapi-unmatched',
} as const;

export type ReadFamily = keyof typeof READ_FAMILIES;

/** Every read that counts entries' hours: entry lists and every figure built from them. */
export const ENTRY_FIGURES = [
  'ownEntries',
  'ownStats',
  'ownCertificates',
  'hr',
  'manager',
  'smt',
  'adminStats',
  'availableYears',
] as const;

/** Every list of people: the admin's, the directory and managers, the signed-in user, HR's and managers' teams. */
export const PEOPLE = ['adminStats', 'adminUsers', 'users', 'currentUser', 'managers', 'hr', 'manager'] as const;

/** A year's target: the HR, SMT and team figures, the target lists and the fiscal years, which are the yearly targets. */
export const TARGETS = ['hr', 'smt', 'manager', 'userTargets', 'yearlyTargets', 'fiscalYears'] as const;

/** The path of a cache key, or undefined for a key that is not a string. */
function keyPath(key: unknown): string | undefined {
  return typeof key === 'string' ? key.split('?', 1)[0] : undefined;
}

/** Whether the cache key `key` belongs to the family `family`. */
export function isReadOf(family: ReadFamily, key: unknown): boolean {
  const path = keyPath(key);
  const familyPath = READ_FAMILIES[family];
  return path !== undefined && (path === familyPath || path.startsWith(`${familyPath}/`));
}

/** The cache-key filter of the reads in `families`. */
export function keysOfFamilies(families: readonly ReadFamily[]): (key: unknown) => boolean {
  return (key) => families.some((family) => isReadOf(family, key));
}
