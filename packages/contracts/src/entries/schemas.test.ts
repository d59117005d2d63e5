import { describe, expect, it } from 'vitest';
import {
  addEntryFormSchema,
  adminEntryInputSchema,
  bulkEntriesRequestSchema,
  editEntryFormSchema,
  entriesQuerySchema,
  entryInputSchema,
  formatHours,
  hoursOf,
  isValidUntilAfterDate,
} from './schemas';

const valid = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  trainingName: 'Risk Management',
  date: '2025-03-04',
  hours: 1.5,
  managerName: 'Grace Hopper',
  department: 'Engineering',
};

function messagesOf(
  schema: { safeParse(value: unknown): { success: boolean; error?: { issues: { message: string }[] } } },
  value: unknown,
) {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error!.issues.map((issue) => issue.message);
}

describe('entryInputSchema', () => {
  it('fills the defaults of optional fields', () => {
    const entry = entryInputSchema.parse({ ...valid, managerName: undefined, department: null });
    expect(entry).toMatchObject({
      managerName: '',
      department: '',
      trainingType: 'internal',
      courseGivenBy: '',
      rating: 0,
      beInnovative: false,
      notes: '',
      hours: 1.5,
    });
  });

  it('requires first and last name, training name, date and hours', () => {
    expect(messagesOf(entryInputSchema, {})).toEqual([
      'First name is required',
      'Last name is required',
      'Training name is required',
      'Date is required',
      'Hours is required',
    ]);
    expect(messagesOf(entryInputSchema, { ...valid, firstName: '  ' })).toEqual(['First name is required']);
  });

  it.each([
    [0, 0],
    ['0', 0],
    [0.25, 0.25],
    ['2.75', 2.75],
    [' 3 ', 3],
    ['.5', 0.5],
    [10000, 10000],
  ])('accepts hours %j as %j', (hours, expected) => {
    expect(entryInputSchema.parse({ ...valid, hours }).hours).toBe(expected);
  });

  it.each([
    ['abc', 'Hours must be a number'],
    ['1e3', 'Hours must be a number'],
    ['0x10', 'Hours must be a number'],
    [Number.NaN, 'Hours must be a number'],
    [Number.POSITIVE_INFINITY, 'Hours must be a number'],
    [true, 'Hours must be a number'],
    ['', 'Hours is required'],
    [null, 'Hours is required'],
    [-1, 'Hours must be 0 or more'],
    ['-0.5', 'Hours must be 0 or more'],
    [1.3, 'Hours must be in steps of 0.25'],
    ['0.1', 'Hours must be in steps of 0.25'],
    [10000.25, 'Hours must be at most 10000'],
  ])('rejects hours %j: %s', (hours, message) => {
    expect(messagesOf(entryInputSchema, { ...valid, hours })).toEqual([message]);
  });

  it('stores hours as their shortest text', () => {
    expect(formatHours(2)).toBe('2');
    expect(formatHours(0.25)).toBe('0.25');
    expect(hoursOf({ hours: '1.5' })).toBe(1.5);
    expect(hoursOf({ hours: 2 })).toBe(2);
    expect(hoursOf({ hours: 'abc' })).toBe(0);
  });

  it("allows only internal and external training, with the refusal's text", () => {
    expect(entryInputSchema.parse({ ...valid, trainingType: 'external' }).trainingType).toBe('external');
    expect(messagesOf(entryInputSchema, { ...valid, trainingType: 'conference' })).toEqual([
      "Training type must be either 'internal' or 'external'",
    ]);
    expect(adminEntryInputSchema.parse({ ...valid, trainingType: 'conference' }).trainingType).toBe('conference');
  });

  it('keeps the stored rating a whole number from 0 to 5', () => {
    expect(entryInputSchema.parse({ ...valid, rating: 5 }).rating).toBe(5);
    expect(entryInputSchema.parse({ ...valid, rating: null }).rating).toBe(0);
    expect(entryInputSchema.parse({ ...valid, rating: '4' }).rating).toBe(4);
    for (const rating of [6, -1, 2.5, 'good']) {
      expect(messagesOf(entryInputSchema, { ...valid, rating })).toEqual(['Rating must be a whole number from 0 to 5']);
    }
  });

  it('takes dates only as real YYYY-MM-DD dates', () => {
    expect(entryInputSchema.parse({ ...valid, date: '2024-02-29' }).date).toBe('2024-02-29');
    for (const date of ['1/2/2025', '2025-02-29', '1900-01-01', '2100-01-01']) {
      expect(messagesOf(entryInputSchema, { ...valid, date })).toEqual([
        'Date must be a real date written YYYY-MM-DD, in the years 1901 to 2099',
      ]);
    }
  });

  it('caps text lengths', () => {
    expect(messagesOf(entryInputSchema, { ...valid, trainingName: 'x'.repeat(256) })).toEqual([
      'Training name must be at most 255 characters',
    ]);
    expect(messagesOf(entryInputSchema, { ...valid, notes: 'x'.repeat(5001) })).toEqual(['Notes must be at most 5000 characters']);
  });

  it('takes custom values only as an object of simple values', () => {
    expect(entryInputSchema.parse({ ...valid, customFields: { cost: 12, venue: 'Online' } }).customFields).toEqual({
      cost: 12,
      venue: 'Online',
    });
    expect(messagesOf(entryInputSchema, { ...valid, customFields: 'x' })).toEqual([
      'Custom fields must be an object of field names and values',
    ]);
  });
});

describe('screen forms', () => {
  it('Add Entry requires manager and department and takes a 1-5 rating or none', () => {
    expect(messagesOf(addEntryFormSchema, { ...valid, managerName: '', department: '' })).toEqual([
      'Manager name is required',
      'Department is required',
    ]);
    expect(addEntryFormSchema.parse({ ...valid, rating: '' }).rating).toBeUndefined();
    expect(addEntryFormSchema.parse({ ...valid, rating: 0 }).rating).toBeUndefined();
    expect(messagesOf(addEntryFormSchema, { ...valid, rating: 6 })).toEqual(['Rating must be a whole number from 1 to 5']);
  });

  it('the edit dialog requires the manager name but not the department', () => {
    expect(messagesOf(editEntryFormSchema, { ...valid, department: '' })).toEqual([]);
    expect(messagesOf(editEntryFormSchema, { ...valid, managerName: ' ' })).toEqual(['Manager name is required']);
  });
});

describe('valid until', () => {
  it('is optional: absent, null or empty means none', () => {
    expect(entryInputSchema.parse(valid).validUntil).toBeNull();
    expect(entryInputSchema.parse({ ...valid, validUntil: null }).validUntil).toBeNull();
    expect(entryInputSchema.parse({ ...valid, validUntil: ' ' }).validUntil).toBeNull();
    expect(entryInputSchema.parse({ ...valid, validUntil: ' 2027-03-04 ' }).validUntil).toBe('2027-03-04');
  });

  it('is a real date written YYYY-MM-DD', () => {
    const message = 'Valid until must be a real date written YYYY-MM-DD, in the years 1901 to 2099';
    expect(messagesOf(entryInputSchema, { ...valid, validUntil: '2027-02-30' })).toEqual([message]);
    expect(messagesOf(entryInputSchema, { ...valid, validUntil: '04/03/2027' })).toEqual([message]);
    expect(messagesOf(entryInputSchema, { ...valid, validUntil: 20270304 })).toEqual([message]);
  });

  it('must be after the training date on both forms, reported on its field', () => {
    for (const schema of [addEntryFormSchema, editEntryFormSchema]) {
      const result = schema.safeParse({ ...valid, validUntil: '2025-03-04' });
      expect(result.success).toBe(false);
      expect(result.error!.issues).toEqual([
        expect.objectContaining({ path: ['validUntil'], message: 'Valid until must be after the training date' }),
      ]);
      expect(messagesOf(schema, { ...valid, validUntil: '2025-03-05' })).toEqual([]);
    }
    expect(isValidUntilAfterDate({ date: '2025-03-04', validUntil: null })).toBe(true);
    expect(isValidUntilAfterDate({ date: '2025-03-04', validUntil: '2025-03-03' })).toBe(false);
  });
});

describe('request schemas', () => {
  it('a bulk request needs 1 to 1000 entries', () => {
    expect(messagesOf(bulkEntriesRequestSchema, { entries: [] })).toEqual(['entries must be a list with at least one entry']);
    expect(messagesOf(bulkEntriesRequestSchema, {})).toEqual(['entries must be a list with at least one entry']);
    expect(messagesOf(bulkEntriesRequestSchema, { entries: Array(1001).fill({}) })).toEqual([
      'At most 1000 entries can be sent at once',
    ]);
    expect(bulkEntriesRequestSchema.parse({ entries: [{}], validateData: true }).entries).toHaveLength(1);
  });

  it('the entries query takes whole user ids and years', () => {
    expect(entriesQuerySchema.parse({ userId: '7', year: '2025' })).toEqual({ userId: 7, year: 2025 });
    expect(entriesQuerySchema.parse({})).toEqual({});
    expect(messagesOf(entriesQuerySchema, { userId: 'abc' })).toEqual(['userId must be a whole number of at least 1']);
    expect(messagesOf(entriesQuerySchema, { userId: '0' })).toEqual(['userId must be a whole number of at least 1']);
    expect(messagesOf(entriesQuerySchema, { year: '2100' })).toEqual(['year must be a whole number from 1901 to 2099']);
  });
});
