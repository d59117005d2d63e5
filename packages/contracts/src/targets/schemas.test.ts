import { describe, expect, it } from 'vitest';
import {
  bulkTargetSchema,
  fiscalYearCreateSchema,
  userTargetCreateSchema,
  userTargetsQuerySchema,
  userTargetUpdateSchema,
  yearlyTargetCreateSchema,
  yearlyTargetUpdateSchema,
} from './schemas';

const messagesOf = (
  schema: { safeParse(value: unknown): { success: boolean; error?: { issues: { message: string }[] } } },
  value: unknown,
) => {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error!.issues.map((issue) => issue.message);
};

describe('fiscal year (admin form)', () => {
  it('accepts 2020-2050 and hours greater than 0, with the default description', () => {
    expect(fiscalYearCreateSchema.parse({ year: 2050, targetHours: 12.5 })).toEqual({
      year: 2050,
      targetHours: 12.5,
      description: 'Organisation-wide training target for 2050',
    });
    expect(fiscalYearCreateSchema.parse({ year: '2021', targetHours: '900', description: ' Push ' })).toEqual({
      year: 2021,
      targetHours: 900,
      description: 'Push',
    });
  });

  it.each([0, -1, 'lots', null, undefined, 100_001])('refuses target hours %j', (targetHours) => {
    expect(messagesOf(fiscalYearCreateSchema, { year: 2030, targetHours })).toEqual(['Please enter a valid target hours amount']);
  });

  it.each([2019, 2051, 2030.5, 'next'])('refuses year %j', (year) => {
    expect(messagesOf(fiscalYearCreateSchema, { year, targetHours: 10 })).toEqual([
      'Year must be a whole number from 2020 to 2050',
    ]);
  });
});

describe('yearly target (HR form)', () => {
  it('takes a year 2020-2030, whole hours 1-100000 and an optional description', () => {
    expect(yearlyTargetCreateSchema.parse({ year: 2030, targetHours: 100_000 })).toEqual({
      year: 2030,
      targetHours: 100_000,
      description: null,
    });
    expect(messagesOf(yearlyTargetCreateSchema, { year: 2031, targetHours: 0 })).toEqual([
      'Year must be a whole number from 2020 to 2030',
      'Target hours must be a whole number from 1 to 100000',
    ]);
    expect(messagesOf(yearlyTargetCreateSchema, { year: 2025, targetHours: 1.5 })).toEqual([
      'Target hours must be a whole number from 1 to 100000',
    ]);
    expect(messagesOf(yearlyTargetCreateSchema, { year: 2025, targetHours: 5, description: 7 })).toEqual([
      'Description must be text of at most 500 characters',
    ]);
  });

  it('updates hours and keeps a missing description', () => {
    expect(yearlyTargetUpdateSchema.parse({ targetHours: 5 })).toEqual({ targetHours: 5 });
    expect(yearlyTargetUpdateSchema.parse({ targetHours: 5, description: '' })).toEqual({ targetHours: 5, description: null });
  });
});

describe('user target', () => {
  it('takes a user id of at least 1, a year 2020-2030 and whole hours 1-10000', () => {
    expect(userTargetCreateSchema.parse({ userId: 3, year: 2026, targetHours: 10_000, reason: 'HR adjustment' })).toEqual({
      userId: 3,
      year: 2026,
      targetHours: 10_000,
      reason: 'HR adjustment',
    });
    expect(messagesOf(userTargetCreateSchema, { userId: 0, year: 2019, targetHours: 10_001 })).toEqual([
      'User id must be a whole number of at least 1',
      'Year must be a whole number from 2020 to 2030',
      'Target hours must be a whole number from 1 to 10000',
    ]);
    expect(messagesOf(userTargetUpdateSchema, { targetHours: 0 })).toEqual(['Target hours must be a whole number from 1 to 10000']);
    expect(userTargetUpdateSchema.parse({ targetHours: '40' })).toEqual({ targetHours: 40 });
  });

  it('reads an optional year from the query', () => {
    expect(userTargetsQuerySchema.parse({})).toEqual({});
    expect(userTargetsQuerySchema.parse({ year: '' })).toEqual({});
    expect(userTargetsQuerySchema.parse({ year: '2026' })).toEqual({ year: 2026 });
    expect(messagesOf(userTargetsQuerySchema, { year: 'soon' })).toEqual(['Year must be a whole number']);
  });
});

describe('bulk target', () => {
  it('needs at least one user and defaults the reason', () => {
    expect(messagesOf(bulkTargetSchema, { userIds: [], year: 2026, targetHours: 40 })).toEqual(['No users found']);
    expect(bulkTargetSchema.parse({ userIds: [1, 2], year: 2026, targetHours: 40 })).toEqual({
      userIds: [1, 2],
      year: 2026,
      targetHours: 40,
      reason: 'Company-wide assignment',
    });
  });

  it('leaves the users and hours to the server when they are not sent', () => {
    expect(bulkTargetSchema.parse({ year: 2026 })).toEqual({ year: 2026, reason: 'Company-wide assignment' });
    expect(messagesOf(bulkTargetSchema, { year: 2026, targetHours: 10_001 })).toEqual([
      'Target hours must be a whole number from 1 to 10000',
    ]);
  });
});
