import type { EntryDetails, EntryManager, EntryOrigin } from '@tht/contracts';
import type { eventRecorder } from './recorded-events';

/** A training entry's details for projector tests: `overrides` on top of a plain entry. */
export function entryDetails(overrides: Partial<EntryDetails> = {}): EntryDetails {
  return {
    trainingName: 'Risk Management',
    date: '2025-02-28',
    firstName: 'Ada',
    lastName: 'Lovelace',
    managerName: 'Grace Hopper',
    department: 'Engineering',
    hours: '1.5',
    notes: '',
    rating: 4,
    beInnovative: false,
    trainingType: 'internal',
    courseGivenBy: 'Acme',
    customFields: {},
    ...overrides,
  };
}

/** What an entry event of a test says beyond `entryDetails()`: details, and the manager's account. */
type EntryOverrides = Partial<EntryDetails & EntryManager & EntryOrigin>;

/**
 * Entry events for projector tests, recorded by `recorded`: each entry's details are `defaults`
 * and then its own overrides on top of `entryDetails()`.
 */
export function entryEvents(recorded: ReturnType<typeof eventRecorder>, defaults: Partial<EntryDetails> = {}) {
  const details = (overrides: EntryOverrides) => ({ ...entryDetails(defaults), ...overrides });
  return {
    logged: (entryId: number, userId: number, overrides: EntryOverrides = {}, at?: string) =>
      recorded('EntryLogged', { entryId, userId, ...details(overrides) }, at),
    edited: (entryId: number, userId: number, overrides: EntryOverrides = {}, at?: string) =>
      recorded('EntryEdited', { entryId, userId, ...details(overrides) }, at),
    deleted: (entryId: number, userId: number) => recorded('EntryDeleted', { entryId, userId }),
  };
}
