import { describe, expect, it } from 'vitest';
import { MANAGER_MESSAGES as M } from './messages';
import { managerStatsSchema } from './responses';
import { managerIdSchema, managerYearQuerySchema } from './schemas';

describe('manager route inputs', () => {
  it('takes a manager id of at least 1 from the path', () => {
    expect(managerIdSchema.parse('42')).toBe(42);
    for (const bad of ['abc', '0', '1.5', ''])
      expect(managerIdSchema.safeParse(bad).error?.issues[0]?.message).toBe(M.invalidManagerId);
  });

  it('takes an optional year', () => {
    expect(managerYearQuerySchema.parse({ year: '2025' })).toEqual({ year: 2025 });
    expect(managerYearQuerySchema.parse({})).toEqual({});
    expect(managerYearQuerySchema.safeParse({ year: '1900' }).success).toBe(false);
  });
});

describe('managerStatsSchema', () => {
  const stats = {
    year: 2025,
    totalEmployees: 0,
    totalHours: 0,
    completedTraining: 0,
    thisMonth: 0,
    targetHours: 0,
    scheduleStatus: 'target-achieved',
    hoursByMonth: Array(12).fill(0),
    popularTopics: [],
    employeeStats: [],
  };

  it('has one figure per month and no unknown fields', () => {
    expect(managerStatsSchema.safeParse(stats).success).toBe(true);
    expect(managerStatsSchema.safeParse({ ...stats, hoursByMonth: [1] }).success).toBe(false);
    expect(managerStatsSchema.safeParse({ ...stats, extra: 1 }).success).toBe(false);
  });

  it('says the empty-state text with the year', () => {
    expect(M.noRecords(2024)).toBe('No training records found for 2024');
  });
});
