import { describe, expect, it } from 'vitest';
import { secondFactorRoutes } from '../accounts/second-factor-routes';
import { usersRoutes } from '../accounts/users-routes';
import { adminRoutes } from '../admin/routes';
import { importRoutes } from '../admin/import-routes';
import { entriesRoutes } from '../entries/routes';
import { formFieldsRoutes } from '../form-fields/routes';
import { targetsRoutes } from '../targets/routes';
import type { ApiRoute } from './api-route';
import { EVERY_ROUTE } from './api-routes';
import { isReadOf, keysOfFamilies, READ_FAMILIES, type ReadFamily } from './read-families';

/** Keys of every read the front ends make, by family. */
const KEYS: Record<ReadFamily, string[]> = {
  currentUser: ['/api/user'],
  users: ['/api/users', '/api/users/7'],
  managers: ['/api/managers'],
  departments: ['/api/departments'],
  formFields: ['/api/form-fields', '/api/form-fields/3/options'],
  availableYears: ['/api/available-years'],
  ownEntries: ['/api/entries?userId=7&year=2025'],
  ownStats: ['/api/stats?userId=7&year=2025'],
  ownCertificates: ['/api/certificates/mine?days=60'],
  userTargets: ['/api/user-targets?year=2025'],
  yearlyTargets: ['/api/yearly-targets'],
  fiscalYears: ['/api/fiscal-years'],
  hr: [
    '/api/hr/stats?year=2025',
    '/api/hr/certificates-expiring?days=60&departmentId=2',
    '/api/hr/employees?year=2025&page=1',
    '/api/hr/trends?year=2025&asOf=2025-03-01',
  ],
  manager: ['/api/manager/3/stats?year=2025', '/api/manager/3/employees', '/api/manager/3/entries?year=2025'],
  smt: ['/api/smt/overview?year=2025'],
  adminStats: ['/api/admin-stats'],
  adminUsers: ['/api/admin/users?page=1&search=&role='],
  secondFactor: ['/api/account/second-factor'],
  notifications: ['/api/admin/notifications', '/api/admin/notifications/team/preview'],
  ownNotifications: ['/api/account/notifications'],
  xapiClients: ['/api/admin/xapi-clients'],
  xapiUnmatched: ['/api/admin/xapi-unmatched'],
};

/** Reads no write refreshes: fixed, asked again on mounting, or polled. */
const NEVER_REFRESHED = [
  '/api/config',
  '/api/audit/log?page=1',
  '/api/history/entries/5',
  '/api/import/abc',
  '/api/sso/first-sign-in',
];

const ALL_KEYS = [...Object.values(KEYS).flat(), ...NEVER_REFRESHED];
const keysRefreshedBy = (route: ApiRoute) => ALL_KEYS.filter(keysOfFamilies(route.refreshes ?? [])).sort();
const keysOf = (...families: ReadFamily[]) => families.flatMap((family) => KEYS[family]).sort();

describe('the read families', () => {
  it('hold their own keys and no other family’s, by whole path segments', () => {
    for (const family of Object.keys(READ_FAMILIES) as ReadFamily[]) {
      expect(
        ALL_KEYS.filter((key) => isReadOf(family, key)),
        family,
      ).toEqual(KEYS[family]);
    }
  });

  it('hold no key that is not a string', () => {
    expect(isReadOf('ownEntries', ['/api/entries'])).toBe(false);
    expect(isReadOf('ownEntries', null)).toBe(false);
  });
});

describe('what a write refreshes', () => {
  it('is exactly the entries and the figures built from them after an entry write', () => {
    const entryFigures = keysOf(
      'ownEntries',
      'ownStats',
      'ownCertificates',
      'hr',
      'manager',
      'smt',
      'adminStats',
      'availableYears',
    );
    const { logEntry, editEntry, deleteEntry, logEntriesInBulk } = entriesRoutes;
    const { logAdminBulkEntries } = adminRoutes;
    for (const [name, route] of Object.entries({ logEntry, editEntry, deleteEntry, logEntriesInBulk, logAdminBulkEntries })) {
      expect(keysRefreshedBy(route), name).toEqual(entryFigures);
    }
  });

  it('is the lists of people, and the entries and figures a new placement moves, after a user update', () => {
    expect(keysRefreshedBy(usersRoutes.updateUser)).toEqual(
      keysOf('currentUser', 'users', 'managers', 'ownEntries', 'ownStats', 'hr', 'manager', 'smt', 'adminStats', 'adminUsers'),
    );
    expect(keysRefreshedBy(usersRoutes.deleteUser)).toEqual(
      keysOf('currentUser', 'users', 'managers', 'hr', 'manager', 'adminStats', 'adminUsers'),
    );
  });

  it('is the target lists and every figure showing a target after a target write', () => {
    expect(keysRefreshedBy(targetsRoutes.updateUserTarget)).toEqual(
      keysOf('userTargets', 'yearlyTargets', 'fiscalYears', 'hr', 'manager', 'smt'),
    );
  });

  it('is the field list and its options after a form-field write, and nothing after an import is checked or started', () => {
    expect(keysRefreshedBy(formFieldsRoutes.deleteFormFieldOption)).toEqual(keysOf('formFields'));
    expect(keysRefreshedBy(importRoutes.importFile)).toEqual([]);
  });

  it("is the second factor's state once it is turned off, and nothing before its recovery codes were shown", () => {
    expect(keysRefreshedBy(secondFactorRoutes.startSecondFactorEnrolment)).toEqual([]);
    expect(keysRefreshedBy(secondFactorRoutes.confirmSecondFactor)).toEqual([]);
    expect(keysRefreshedBy(secondFactorRoutes.disableSecondFactor)).toEqual(keysOf('secondFactor'));
  });

  it('is no read that is fixed, asked again on mounting, or polled', () => {
    for (const route of EVERY_ROUTE) {
      expect(NEVER_REFRESHED.filter(keysOfFamilies(route.refreshes ?? [])), route.operationId).toEqual([]);
    }
  });
});
