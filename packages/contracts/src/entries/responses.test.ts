import { describe, expect, expectTypeOf, it } from 'vitest';
import type { EntryDetails } from './events';
import { describeBulkErrors, type EntryView } from './responses';

describe('describeBulkErrors', () => {
  it("lists up to 3 entries as 'Entry N: field - message' and counts the rest", () => {
    const lines = describeBulkErrors([
      { index: 0, errors: [{ path: 'hours', message: 'Hours must be 0 or more' }] },
      { index: 2, message: 'You can only log entries for yourself' },
      {
        index: 3,
        errors: [
          { path: 'date', message: 'Date is required' },
          { path: 'trainingName', message: 'Training name is required' },
        ],
      },
      { index: 4, errors: [{ path: 'date', message: 'Date is required' }] },
      { index: 5, errors: [{ path: 'date', message: 'Date is required' }] },
    ]);
    expect(lines).toEqual([
      'Entry 1: hours - Hours must be 0 or more',
      'Entry 3: You can only log entries for yourself',
      'Entry 4: date - Date is required; Entry 4: trainingName - Training name is required',
      '(and 2 more entries with errors)',
    ]);
  });

  it('adds no count line for 3 or fewer', () => {
    expect(describeBulkErrors([{ index: 0, message: 'x' }])).toEqual(['Entry 1: x']);
  });
});

describe('EntryView', () => {
  it('carries the details of the entry events (the response schema and the event data cannot drift apart)', () => {
    expectTypeOf<
      Omit<EntryView, 'id' | 'userId' | 'employeeName' | 'createdAt' | 'updatedAt' | 'evidenceCount' | 'source'>
    >().toEqualTypeOf<Required<EntryDetails>>();
  });
});
