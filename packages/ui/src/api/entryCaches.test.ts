import { describe, expect, it } from 'vitest';
import { isEntryDataKey } from './entryCaches';

describe('isEntryDataKey', () => {
  it('matches the reads that change with entries', () => {
    for (const key of [
      '/api/entries?userId=7&year=2025',
      '/api/entries',
      '/api/stats?userId=7&year=2025',
      '/api/hr/stats?year=2025',
      '/api/manager/3/entries?year=2025',
      '/api/smt/overview?year=2025',
      '/api/admin-stats',
      '/api/available-years',
    ]) {
      expect(isEntryDataKey(key), key).toBe(true);
    }
  });

  it('leaves other reads alone', () => {
    for (const key of ['/api/user', '/api/users', '/api/departments', '/api/form-fields', ['/api/entries'], null]) {
      expect(isEntryDataKey(key)).toBe(false);
    }
  });
});
