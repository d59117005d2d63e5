import type { Department, FormFieldView, User } from '@tht/contracts';

export const departments: Department[] = [
  { id: 2, name: 'finance', createdAt: '2025-02-01T09:00:00.000Z' },
  { id: 1, name: 'Engineering', createdAt: '2025-01-15T09:00:00.000Z' },
];

export function aUser(overrides: Partial<User> = {}): User {
  return {
    id: 7,
    username: 'ada.lovelace@example.com',
    email: 'ada.lovelace@example.com',
    firstName: 'Ada',
    lastName: 'Lovelace',
    role: 'employee',
    managerId: 3,
    managerName: 'Grace Hopper',
    department: 'Engineering',
    firstLoginRequired: false,
    lastLogin: null,
    createdAt: '2025-01-01T09:00:00.000Z',
    updatedAt: '2025-01-01T09:00:00.000Z',
    ...overrides,
  };
}

export function aFormField(overrides: Partial<FormFieldView> = {}): FormFieldView {
  return {
    id: 1,
    name: 'venue',
    label: 'Venue',
    type: 'text',
    required: false,
    order: 1,
    options: [],
    createdAt: '2025-01-01T09:00:00.000Z',
    ...overrides,
  };
}
