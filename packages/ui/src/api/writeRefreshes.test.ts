import { describe, expect, it } from 'vitest';
import { isReadOf, READS, refreshedBy, WRITE_REFRESHES, type Read, type Write } from './writeRefreshes';

/** Keys of every read the front ends make, by family. */
const KEYS: Record<Read, string[]> = {
  currentUser: ['/api/user'],
  users: ['/api/users', '/api/users/7'],
  managers: ['/api/managers'],
  departments: ['/api/departments'],
  formFields: ['/api/form-fields', '/api/form-fields/3/options'],
  availableYears: ['/api/available-years'],
  ownEntries: ['/api/entries?userId=7&year=2025'],
  ownStats: ['/api/stats?userId=7&year=2025'],
  userTargets: ['/api/user-targets?year=2025'],
  yearlyTargets: ['/api/yearly-targets'],
  fiscalYears: ['/api/fiscal-years'],
  hr: ['/api/hr/stats?year=2025', '/api/hr/employees?year=2025&page=1', '/api/hr/trends?year=2025&asOf=2025-03-01'],
  manager: ['/api/manager/3/stats?year=2025', '/api/manager/3/employees', '/api/manager/3/entries?year=2025'],
  smt: ['/api/smt/overview?year=2025'],
  adminStats: ['/api/admin-stats'],
  adminUsers: ['/api/admin/users?page=1&search=&role='],
  secondFactor: ['/api/account/second-factor'],
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
const keysRefreshedBy = (write: Write) => ALL_KEYS.filter(refreshedBy(write)).sort();
const keysOf = (...reads: Read[]) => reads.flatMap((read) => KEYS[read]).sort();

describe('the read families', () => {
  it('hold their own keys and no other family’s, by whole path segments', () => {
    for (const read of Object.keys(READS) as Read[]) {
      expect(
        ALL_KEYS.filter((key) => isReadOf(read, key)),
        read,
      ).toEqual(KEYS[read]);
    }
  });

  it('hold no key that is not a string', () => {
    expect(isReadOf('ownEntries', ['/api/entries'])).toBe(false);
    expect(isReadOf('ownEntries', null)).toBe(false);
  });
});

describe('WRITE_REFRESHES', () => {
  it('refreshes exactly the entries and the figures built from them after an entry write', () => {
    const entryFigures = keysOf('ownEntries', 'ownStats', 'hr', 'manager', 'smt', 'adminStats', 'availableYears');
    for (const write of [
      'POST /api/entries',
      'PUT /api/entries/{id}',
      'DELETE /api/entries/{id}',
      'POST /api/entries/bulk',
      'POST /api/admin/entries/bulk',
    ] as const) {
      expect(keysRefreshedBy(write), write).toEqual(entryFigures);
    }
  });

  it('refreshes the lists of people, and the entries and figures a new placement moves, after a user update', () => {
    expect(keysRefreshedBy('PUT /api/users/{id}')).toEqual(
      keysOf('currentUser', 'users', 'managers', 'ownEntries', 'ownStats', 'hr', 'manager', 'smt', 'adminStats', 'adminUsers'),
    );
    expect(keysRefreshedBy('DELETE /api/users/{id}')).toEqual(
      keysOf('currentUser', 'users', 'managers', 'hr', 'manager', 'adminStats', 'adminUsers'),
    );
  });

  it('refreshes the target lists and every figure showing a target after a target write', () => {
    expect(keysRefreshedBy('PUT /api/user-targets/{userId}/{year}')).toEqual(
      keysOf('userTargets', 'yearlyTargets', 'fiscalYears', 'hr', 'manager', 'smt'),
    );
  });

  it('refreshes the field list and its options after a form-field write, and nothing after the import check', () => {
    expect(keysRefreshedBy('DELETE /api/form-field-options/{id}')).toEqual(keysOf('formFields'));
    expect(keysRefreshedBy('POST /api/import?dryRun=true')).toEqual([]);
  });

  it("refreshes the second factor's state once it is turned off, and nothing before its recovery codes were shown", () => {
    expect(keysRefreshedBy('POST /api/account/second-factor/enrolment')).toEqual([]);
    expect(keysRefreshedBy('POST /api/account/second-factor')).toEqual([]);
    expect(keysRefreshedBy('POST /api/account/second-factor/disable')).toEqual(keysOf('secondFactor'));
  });

  it('refreshes no read that is fixed, asked again on mounting, or polled', () => {
    for (const write of Object.keys(WRITE_REFRESHES) as Write[]) {
      expect(NEVER_REFRESHED.filter(refreshedBy(write)), write).toEqual([]);
    }
  });
});
