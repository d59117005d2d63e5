import type { EntryView } from '@tht/contracts';
import type { SignedInTestUser } from './accounts';
import { request } from './request';

/** What a test says of an entry; the rest (names, manager, department) comes from the person. */
export interface TestEntry {
  trainingName: string;
  date: string;
  hours: number;
  rating?: number;
  beInnovative?: boolean;
  notes?: string;
  courseGivenBy?: string;
  trainingType?: string;
  customFields?: Record<string, string | number | boolean>;
  validUntil?: string;
}

/**
 * Logs an entry as `user` does from their Add Entry form (`POST /api/entries`), with their name
 * and department, and returns it as the API answered. Throws unless it was created.
 */
export async function logEntryAs(app: { baseUrl: string }, user: SignedInTestUser, entry: TestEntry): Promise<EntryView> {
  const response = await request<EntryView>(app, 'POST', '/api/entries', {
    token: user.token,
    body: {
      firstName: user.user.firstName,
      lastName: user.user.lastName,
      managerName: 'Grace Hopper',
      department: user.user.department,
      ...entry,
    },
  });
  if (response.status !== 201) throw new Error(`logEntryAs: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}
