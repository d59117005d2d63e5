import { describe, expect, it } from 'vitest';
import { matchesDateFilter, matchesTypeFilter } from './entry-filters';

const today = new Date(2025, 2, 10, 15, 30); // 10 March 2025, local time

describe('matchesDateFilter', () => {
  it('keeps everything under all', () => {
    expect(matchesDateFilter('1999-01-01', 'all', today)).toBe(true);
    expect(matchesDateFilter('2030-01-01', 'all', today)).toBe(true);
  });

  it('counts the last N days back from today, today included', () => {
    expect(matchesDateFilter('2025-03-10', 'last-7-days', today)).toBe(true);
    expect(matchesDateFilter('2025-03-03', 'last-7-days', today)).toBe(true);
    expect(matchesDateFilter('2025-03-02', 'last-7-days', today)).toBe(false);
    expect(matchesDateFilter('2025-02-08', 'last-30-days', today)).toBe(true);
    expect(matchesDateFilter('2025-02-07', 'last-30-days', today)).toBe(false);
    expect(matchesDateFilter('2024-12-10', 'last-90-days', today)).toBe(true);
    expect(matchesDateFilter('2024-12-09', 'last-90-days', today)).toBe(false);
  });

  it('leaves future dates out of the last N days', () => {
    expect(matchesDateFilter('2025-03-11', 'last-7-days', today)).toBe(false);
  });

  it('crosses month ends and 29 February correctly', () => {
    const firstOfMarch2024 = new Date(2024, 2, 1);
    expect(matchesDateFilter('2024-02-23', 'last-7-days', firstOfMarch2024)).toBe(true);
    expect(matchesDateFilter('2024-02-22', 'last-7-days', firstOfMarch2024)).toBe(false);
  });

  it('keeps this calendar year, future dates of the year included', () => {
    expect(matchesDateFilter('2025-01-01', 'this-year', today)).toBe(true);
    expect(matchesDateFilter('2025-12-31', 'this-year', today)).toBe(true);
    expect(matchesDateFilter('2024-12-31', 'this-year', today)).toBe(false);
  });
});

describe('matchesTypeFilter', () => {
  it('splits innovative from standard entries', () => {
    expect(matchesTypeFilter({ beInnovative: true }, 'innovative')).toBe(true);
    expect(matchesTypeFilter({ beInnovative: false }, 'innovative')).toBe(false);
    expect(matchesTypeFilter({ beInnovative: false }, 'standard')).toBe(true);
    expect(matchesTypeFilter({ beInnovative: true }, 'standard')).toBe(false);
    expect(matchesTypeFilter({ beInnovative: true }, 'all')).toBe(true);
  });
});
