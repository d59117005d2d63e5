import type { Department } from '@tht/contracts';

export { aUser, aFormField } from '@tht/ui/testing';

export const departments: Department[] = [
  { id: 2, name: 'finance', createdAt: '2025-02-01T09:00:00.000Z' },
  { id: 1, name: 'Engineering', createdAt: '2025-01-15T09:00:00.000Z' },
];
