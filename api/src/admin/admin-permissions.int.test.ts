import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserAndLogin, type SignedInTestUser } from '../testing/accounts';
import { request } from '../testing/request';
import { startTestApp, type TestApp } from '../testing/test-app';
import { upload } from '../testing/import-uploads';

/**
 * Every endpoint of the admin panel's API answers 401 signed out and 403 'Admin access required'
 * to employees, managers, HR and SMT; admins get through.
 */
type Principal = 'signed out' | 'employee' | 'manager' | 'hr' | 'smt' | 'admin';
const PRINCIPALS: readonly Principal[] = ['signed out', 'employee', 'manager', 'hr', 'smt', 'admin'];

let app: TestApp;
const users = new Map<Principal, SignedInTestUser>();

interface Endpoint {
  name: string;
  send(token: string | undefined): Promise<{ status: number; body: any }>;
}

const json = (method: string, path: string, body?: () => unknown): Endpoint => ({
  name: `${method} ${path}`,
  send: (token) => request(app, method, path, { token, body: body?.() }),
});

const CSV = 'employeeEmail,trainingName,date,hours\r\n';

const ENDPOINTS: Endpoint[] = [
  json('GET', '/api/admin-stats'),
  json('GET', '/api/admin/users?page=1'),
  json('POST', '/api/sync-roles'),
  json('POST', '/api/admin/entries/bulk', () => ({
    targetUserId: users.get('employee')!.user.id,
    entries: [{ trainingName: 'Matrix', date: '2025-01-01', hours: 1 }],
  })),
  {
    name: 'POST /api/import?dryRun=true',
    send: (token) =>
      token
        ? upload(
            app,
            token,
            { name: 'x.csv', content: `${CSV}${users.get('employee')!.user.email},Matrix,2025-01-02,1` },
            '?dryRun=true',
          )
        : request(app, 'POST', '/api/import?dryRun=true'),
  },
  json('GET', `/api/import/${crypto.randomUUID()}`),
];

beforeAll(async () => {
  app = await startTestApp();
  users.set('admin', await createUserAndLogin(app, { role: 'admin' }));
  for (const role of ['employee', 'manager', 'hr', 'smt'] as const) users.set(role, await createUserAndLogin(app, { role }));
});

afterAll(() => app?.close());

describe('the admin API permission matrix', () => {
  for (const endpoint of ENDPOINTS) {
    it(`${endpoint.name}: admins only`, async () => {
      const outcomes: Record<string, string> = {};
      const expected: Record<string, string> = {};
      for (const principal of PRINCIPALS) {
        const response = await endpoint.send(users.get(principal)?.token);
        // An admin's call may be refused for its own reasons (an unknown import: 404), never for access.
        outcomes[principal] =
          response.status === 401 || response.status === 403 ? `${response.status} ${response.body?.error ?? ''}` : 'allowed';
        expected[principal] =
          principal === 'signed out'
            ? '401 Please sign in to continue'
            : principal === 'admin'
              ? 'allowed'
              : '403 Admin access required';
      }
      expect(outcomes).toEqual(expected);
    });
  }
});
