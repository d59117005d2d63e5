import { hoursOf, type EntryView, type User } from '@tht/contracts';

/** What the add and edit forms hold: text as typed, validated by the contracts form schemas on submit. */
export interface EntryFormValues {
  firstName: string;
  lastName: string;
  managerName: string;
  trainingName: string;
  department: string;
  date: string;
  hours: string;
  /** 'internal' or 'external'; an admin-imported entry may hold another kind until it is edited. */
  trainingType: string;
  courseGivenBy: string;
  notes: string;
  /** '' (not rated) or '1'-'5'. */
  rating: string;
  beInnovative: boolean;
  /** '' (no certificate that expires) or YYYY-MM-DD. */
  validUntil: string;
}

export type EntryFormField = keyof EntryFormValues;

/** A new entry for `user`: names, manager and department taken from the profile. */
export function newEntryForm(user: Pick<User, 'firstName' | 'lastName' | 'managerName' | 'department'>): EntryFormValues {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    managerName: user.managerName ?? '',
    trainingName: '',
    department: user.department,
    date: '',
    hours: '',
    trainingType: 'internal',
    courseGivenBy: '',
    notes: '',
    rating: '',
    beInnovative: false,
    validUntil: '',
  };
}

export function entryFormOf(entry: EntryView): EntryFormValues {
  return {
    firstName: entry.firstName,
    lastName: entry.lastName,
    managerName: entry.managerName,
    trainingName: entry.trainingName,
    department: entry.department,
    date: entry.date,
    hours: String(hoursOf(entry)),
    trainingType: entry.trainingType,
    courseGivenBy: entry.courseGivenBy,
    notes: entry.notes,
    rating: entry.rating > 0 ? String(entry.rating) : '',
    beInnovative: entry.beInnovative,
    validUntil: entry.validUntil ?? '',
  };
}
