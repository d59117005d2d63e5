import { describe, expect, it } from 'vitest';
import { adminBulkEntriesRequestSchema, adminBulkEntrySchema, entryDuplicateKey, splitDuplicates } from './admin-bulk';

const row = { firstName: 'Ada', lastName: 'Lovelace', trainingName: 'Excel', date: '2026-03-02', hours: 2 };

describe('the admin grid row', () => {
  it.each([
    ['1', true],
    ['0', false],
    [1, true],
    [0, false],
    ['Yes', true],
    ['no', false],
    [true, true],
    [undefined, false],
  ])('reads Be Innovative %j as %j', (beInnovative, expected) => {
    expect(adminBulkEntrySchema.parse({ ...row, beInnovative }).beInnovative).toBe(expected);
  });

  it('refuses other Be Innovative values, naming the admin options', () => {
    const parsed = adminBulkEntrySchema.safeParse({ ...row, beInnovative: 'maybe' });
    expect(parsed.error?.issues[0]?.message).toBe('Be Innovative must be one of: 0, 1, yes, no, true, false');
  });

  it.each(['self-study', 'conference', 'webinar', 'workshop', 'certification', 'internal', 'external'])(
    'accepts the type %s',
    (type) => {
      expect(adminBulkEntrySchema.parse({ ...row, trainingType: type }).trainingType).toBe(type);
    },
  );

  it('accepts a single-digit rating and refuses 6', () => {
    expect(adminBulkEntrySchema.parse({ ...row, rating: '4' }).rating).toBe(4);
    expect(adminBulkEntrySchema.safeParse({ ...row, rating: '6' }).success).toBe(false);
  });
});

describe('the admin bulk request', () => {
  it("answers 'No employee selected' without a target user", () => {
    const parsed = adminBulkEntriesRequestSchema.safeParse({ entries: [row] });
    expect(parsed.error?.issues[0]?.message).toBe('No employee selected');
    expect(adminBulkEntriesRequestSchema.safeParse({ entries: [row], targetUserId: '' }).error?.issues[0]?.message).toBe(
      'No employee selected',
    );
  });
});

describe('duplicates', () => {
  it('are the same person, date and training name ignoring case and surrounding spaces', () => {
    const key = entryDuplicateKey({ userId: 7, trainingName: 'Excel Basics', date: '2026-03-02' });
    expect(entryDuplicateKey({ userId: 7, trainingName: '  excel basics ', date: '2026-03-02' })).toBe(key);
    expect(entryDuplicateKey({ userId: 8, trainingName: 'Excel Basics', date: '2026-03-02' })).not.toBe(key);
    expect(entryDuplicateKey({ userId: 7, trainingName: 'Excel  Basics', date: '2026-03-02' })).not.toBe(key);
    expect(entryDuplicateKey({ userId: 7, trainingName: 'Excel Basics', date: '2026-03-03' })).not.toBe(key);
  });

  it('are found against stored keys and earlier rows of the batch, keeping the first', () => {
    const rows = ['a', 'B', 'b', 'c', 'A'];
    const { kept, duplicates } = splitDuplicates(rows, (name) => name.toLowerCase(), new Set(['c']));
    expect(kept).toEqual(['a', 'B']);
    expect(duplicates).toEqual(['b', 'c', 'A']);
  });
});
