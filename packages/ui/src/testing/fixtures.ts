import type { CurrentUserResponse, EntrySource, FormFieldView, User } from '@tht/contracts';

/** A user as the API answers one (Ada Lovelace, an employee reporting to Grace Hopper); `overrides` changes fields. */
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

/** A custom form field as GET /api/form-fields answers it (a text field 'Venue'). */
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

/** GET /api/user's answer for `aUser(user)`: signed in with a password, nothing pending, no reports. */
export function aSession(user: Partial<User> = {}, overrides: Partial<CurrentUserResponse> = {}): CurrentUserResponse {
  return { user: aUser(user), requiresPasswordChange: false, hasDirectReports: false, passwordSignIn: true, ...overrides };
}

/** Where a reported entry came from: a statement of the connected system 'Moodle' (`EntryView.source`). */
export function aSource(overrides: Partial<NonNullable<EntrySource>> = {}): NonNullable<EntrySource> {
  return {
    kind: 'xapi',
    clientId: '0b6e4a52-52c3-4b61-9a4e-0b1e7a1c2d01',
    system: 'Moodle',
    statementId: '3f1c1e52-8a4b-4c7d-9e2f-1a2b3c4d5e6f',
    ...overrides,
  };
}
