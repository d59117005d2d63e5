import { describe, expect, it } from 'vitest';
import { defaultBulkTargetHours, effectiveTargetHours } from './targets';

describe('effectiveTargetHours', () => {
  it('prefers the person’s own target', () => {
    expect(effectiveTargetHours({ userTargetHours: 40, yearlyTargetHours: 5000, totalUsers: 10 })).toBe(40);
  });

  it('else shares the yearly target among all users, rounded', () => {
    expect(effectiveTargetHours({ yearlyTargetHours: 5000, totalUsers: 3 })).toBe(1667);
    expect(effectiveTargetHours({ userTargetHours: null, yearlyTargetHours: 1000, totalUsers: 8 })).toBe(125);
  });

  it('never gives a target of 0 hours', () => {
    expect(effectiveTargetHours({ yearlyTargetHours: 1, totalUsers: 10 })).toBe(1);
  });

  it('else is 100 hours', () => {
    expect(effectiveTargetHours({ totalUsers: 10 })).toBe(100);
    expect(effectiveTargetHours({ yearlyTargetHours: 5000, totalUsers: 0 })).toBe(100);
  });
});

describe('defaultBulkTargetHours', () => {
  it('is the most common per-user target of the year', () => {
    expect(defaultBulkTargetHours([40, 60, 40, 80], { totalUsers: 4 })).toBe(40);
  });

  it('breaks ties towards the larger target', () => {
    expect(defaultBulkTargetHours([40, 60], { totalUsers: 2 })).toBe(60);
  });

  it('falls back like a single person without a target', () => {
    expect(defaultBulkTargetHours([], { yearlyTargetHours: 1000, totalUsers: 10 })).toBe(100);
    expect(defaultBulkTargetHours([], { totalUsers: 10 })).toBe(100);
    expect(defaultBulkTargetHours([], { yearlyTargetHours: 3000, totalUsers: 10 })).toBe(300);
  });

  it('caps a fallback above a person\u2019s maximum of 10000 hours', () => {
    expect(defaultBulkTargetHours([], { yearlyTargetHours: 100_000, totalUsers: 3 })).toBe(10_000);
  });
});
