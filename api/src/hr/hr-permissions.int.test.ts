import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserAndLogin, type SignedInTestUser } from '../testing/accounts';
import { request } from '../testing/request';
import { startTestApp, type TestApp } from '../testing/test-app';

/**
 * Who may call every endpoint of the HR View (its reads, the target writes and the export), for
 * the six principals: signed out, employee, manager, hr, smt and admin.
 */
type Principal = 'signed out' | 'employee' | 'manager' | 'hr' | 'smt' | 'admin';
const PRINCIPALS: readonly Principal[] = ['signed out', 'employee', 'manager', 'hr', 'smt', 'admin'];

let app: TestApp;
const users = new Map<Principal, SignedInTestUser>();

/** One call as a principal; `year` differs per principal so that writes allowed to several all succeed. */
interface Endpoint {
  name: string;
  allowed: readonly Principal[];
  refusal: string;
  call(principal: Principal, year: number): { method: string; path: string; body?: unknown };
}

const HR_VIEW = ['hr', 'admin'] as const;
const HR_REFUSAL = 'HR or admin access required';
const hrRead = (path: string): Endpoint => ({
  name: `GET ${path}`,
  allowed: HR_VIEW,
  refusal: HR_REFUSAL,
  call: () => ({ method: 'GET', path: `${path}?year=2025` }),
});

const ENDPOINTS: Endpoint[] = [
  hrRead('/api/hr/stats'),
  hrRead('/api/hr/users'),
  hrRead('/api/hr/employees'),
  hrRead('/api/hr/top-courses'),
  hrRead('/api/hr/topics'),
  hrRead('/api/hr/trends'),
  {
    name: 'POST /api/yearly-targets',
    allowed: HR_VIEW,
    refusal: HR_REFUSAL,
    call: (_principal, year) => ({ method: 'POST', path: '/api/yearly-targets', body: { year, targetHours: 500 } }),
  },
  {
    name: 'PUT /api/yearly-targets/{year}',
    allowed: HR_VIEW,
    refusal: HR_REFUSAL,
    call: (_principal, year) => ({ method: 'PUT', path: '/api/yearly-targets/2020', body: { targetHours: year } }),
  },
  {
    name: 'POST /api/user-targets',
    allowed: HR_VIEW,
    refusal: HR_REFUSAL,
    call: (_principal, year) => ({
      method: 'POST',
      path: '/api/user-targets',
      body: { userId: users.get('employee')!.user.id, year, targetHours: 30 },
    }),
  },
  {
    name: 'PUT /api/user-targets/{userId}/{year}',
    allowed: HR_VIEW,
    refusal: HR_REFUSAL,
    call: (_principal, year) => ({
      method: 'PUT',
      path: `/api/user-targets/${users.get('employee')!.user.id}/2020`,
      body: { targetHours: year - 2000 },
    }),
  },
  {
    name: 'POST /api/user-targets/bulk',
    allowed: HR_VIEW,
    refusal: HR_REFUSAL,
    call: (_principal, year) => ({ method: 'POST', path: '/api/user-targets/bulk', body: { year: year + 3, targetHours: 20 } }),
  },
  {
    name: 'POST /api/fiscal-years',
    allowed: ['admin'],
    refusal: 'Admin access required',
    call: (_principal, year) => ({ method: 'POST', path: '/api/fiscal-years', body: { year: year + 20, targetHours: 100 } }),
  },
  {
    name: 'GET /api/export',
    allowed: ['hr', 'smt', 'admin'],
    refusal: 'HR, SMT or admin access required',
    call: () => ({ method: 'GET', path: '/api/export' }),
  },
  {
    name: 'GET /api/export?format=xlsx',
    allowed: ['hr', 'smt', 'admin'],
    refusal: 'HR, SMT or admin access required',
    call: () => ({ method: 'GET', path: '/api/export?format=xlsx&year=2025' }),
  },
];

/** A year of the HR form's range per principal (2021-2025), so allowed writes never collide. */
const yearOf = (principal: Principal) => 2021 + PRINCIPALS.indexOf(principal) - 1;

beforeAll(async () => {
  app = await startTestApp();
  users.set('admin', await createUserAndLogin(app, { role: 'admin' }));
  for (const role of ['employee', 'manager', 'hr', 'smt'] as const) users.set(role, await createUserAndLogin(app, { role }));
  const hr = users.get('hr')!;
  expect(
    (await request(app, 'POST', '/api/yearly-targets', { token: hr.token, body: { year: 2020, targetHours: 100 } })).status,
  ).toBe(201);
  const target = { userId: users.get('employee')!.user.id, year: 2020, targetHours: 10 };
  expect((await request(app, 'POST', '/api/user-targets', { token: hr.token, body: target })).status).toBe(201);
});

afterAll(() => app?.close());

describe('the HR View permission matrix', () => {
  for (const endpoint of ENDPOINTS) {
    it(`${endpoint.name}: ${endpoint.allowed.join(', ')} may call it; everyone else is refused`, async () => {
      const outcomes: Record<string, string> = {};
      const expected: Record<string, string> = {};
      for (const principal of PRINCIPALS) {
        const { method, path, body } = endpoint.call(principal, yearOf(principal));
        const token = users.get(principal)?.token;
        const response = await request(app, method, path, { body, token });
        outcomes[principal] = response.status < 300 ? 'allowed' : `${response.status} ${response.body?.error ?? ''}`;
        expected[principal] =
          principal === 'signed out'
            ? '401 Please sign in to continue'
            : endpoint.allowed.includes(principal)
              ? 'allowed'
              : `403 ${endpoint.refusal}`;
      }
      expect(outcomes).toEqual(expected);
    });
  }
});
