import type { Role } from '@tht/contracts';

/** How the admin screens name the five roles. */
export const ROLE_LABELS: Readonly<Record<Role, string>> = {
  employee: 'Employee',
  manager: 'Manager',
  hr: 'HR',
  smt: 'SMT',
  admin: 'Admin',
};

export const fullName = (person: { firstName: string; lastName: string }) => `${person.firstName} ${person.lastName}`;
