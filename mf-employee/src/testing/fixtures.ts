import type { CurrentUserResponse, EntryView } from '@tht/contracts';
import { aUser } from '@tht/ui/testing';

export { aFormField } from '@tht/ui/testing';

export const employee: CurrentUserResponse['user'] = aUser();

export const currentUserResponse: CurrentUserResponse = {
  user: employee,
  requiresPasswordChange: false,
  hasDirectReports: false,
  passwordSignIn: true,
};

export function anEntry(overrides: Partial<EntryView> = {}): EntryView {
  return {
    id: 11,
    userId: employee.id,
    employeeName: 'Ada Lovelace',
    trainingName: 'Risk Management Basics',
    date: '2025-03-14',
    firstName: 'Ada',
    lastName: 'Lovelace',
    managerName: 'Grace Hopper',
    department: 'Engineering',
    hours: '2.5',
    notes: 'Covered risk registers.',
    rating: 4,
    beInnovative: false,
    trainingType: 'internal',
    courseGivenBy: 'Risk Academy',
    customFields: {},
    validUntil: null,
    createdAt: '2025-03-14T10:00:00.000Z',
    updatedAt: '2025-03-14T10:00:00.000Z',
    evidenceCount: 0,
    source: null,
    ...overrides,
  };
}

export const departments = [
  { id: 1, name: 'Engineering', createdAt: '2025-01-01T09:00:00.000Z' },
  { id: 2, name: 'Finance', createdAt: '2025-01-01T09:00:00.000Z' },
];
