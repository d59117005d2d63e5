import type { EntryView } from '@tht/contracts';
import { describe, expect, it } from 'vitest';
import { entryViewOfStream, rowShowsDecision, type DecidedEntry } from './entry-answer';

const decided: DecidedEntry = {
  entryId: 7,
  userId: 3,
  details: {
    trainingName: 'Risk Management',
    date: '2025-03-04',
    firstName: 'Ada',
    lastName: 'Lovelace',
    managerName: 'Grace Hopper',
    department: 'Engineering',
    hours: '1.5',
    notes: '',
    rating: 4,
    beInnovative: true,
    trainingType: 'external',
    courseGivenBy: 'Acme',
    customFields: { badge: 'B-12' },
  },
  createdAt: '2025-03-04T09:00:00.000Z',
  updatedAt: '2025-03-05T10:30:00.250Z',
  source: null,
  deleted: false,
};

const view = entryViewOfStream(decided, { employeeName: 'Ada King', evidenceCount: 2 });

describe('entryViewOfStream', () => {
  it('shows the decided details with the read model extras, an event without "Valid until" as none', () => {
    expect(view).toEqual({
      id: 7,
      userId: 3,
      employeeName: 'Ada King',
      ...decided.details,
      validUntil: null,
      createdAt: '2025-03-04T09:00:00.000Z',
      updatedAt: '2025-03-05T10:30:00.250Z',
      evidenceCount: 2,
      source: null,
    });
  });
});

describe('rowShowsDecision', () => {
  const rowAt = (updatedAt: string): EntryView => ({ ...view, updatedAt });

  it('is false for a row older than the decision', () => {
    expect(rowShowsDecision(rowAt('2025-03-04T09:00:00.000Z'), decided)).toBe(false);
  });

  it('is true once the row shows the decision or a later change', () => {
    expect(rowShowsDecision(rowAt('2025-03-05T10:30:00.250Z'), decided)).toBe(true);
    expect(rowShowsDecision(rowAt('2025-03-06T08:00:00.000Z'), decided)).toBe(true);
  });
});
