import { ACCOUNT_MESSAGES as M } from '@tht/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserAndLogin, type SignedInTestUser } from '../testing/accounts';
import { request } from '../testing/request';
import { startTestApp, type TestApp } from '../testing/test-app';

/**
 * A page of another site can make the browser send the sign-in cookie (`__Host-authToken` with this
 * https PUBLIC_URL) with a form or fetch (SameSite=Lax keeps it from cross-site POSTs, not from a
 * sibling subdomain's). Such changes are refused unless the browser says they come from the
 * product's own pages.
 */

const PUBLIC_URL = 'https://training.example.org';
let app: TestApp;
let admin: SignedInTestUser;

beforeAll(async () => {
  app = await startTestApp({ config: { publicUrl: PUBLIC_URL } });
  admin = await createUserAndLogin(app, { role: 'admin' });
});

afterAll(() => app?.close());

/** An employee with a report: the next role sync promotes them. */
async function employeeDueForPromotion(): Promise<number> {
  const lead = await createUserAndLogin(app, { role: 'employee' });
  await createUserAndLogin(app, { managerId: lead.user.id });
  return lead.user.id;
}

const roleOf = async (id: number) => (await request(app, 'GET', `/api/users/${id}`, { token: admin.token })).body.role;

const syncRolesByCookie = (headers: Record<string, string>) =>
  request(app, 'POST', '/api/sync-roles', { headers: { cookie: `__Host-authToken=${admin.token}`, ...headers } });

describe('a change signed in by the cookie alone', () => {
  it.each([
    ['another origin', { origin: 'https://evil.example' }],
    ['a sibling subdomain', { origin: 'https://evil.training.example.org', 'sec-fetch-site': 'same-site' }],
    ['another origin that says it is cross-site', { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }],
    ['a page whose origin is hidden', { origin: 'null' }],
    ['no Origin and no Sec-Fetch-Site', {}],
  ])('from %s is refused with 403 and changes nothing', async (_from, headers) => {
    const lead = await employeeDueForPromotion();
    const events = await app.ctx.store.countAll!();

    const response = await syncRolesByCookie(headers);

    expect(response).toMatchObject({ status: 403, body: { error: M.crossSiteRequest } });
    expect(await app.ctx.store.countAll!()).toBe(events);
    expect(await roleOf(lead)).toBe('employee');
  });

  it.each([
    ['the origin it was served on', () => ({ origin: app.baseUrl })],
    ["PUBLIC_URL's origin (behind a proxy that changes the Host)", () => ({ origin: PUBLIC_URL })],
    ['a page the browser calls same-origin', () => ({ 'sec-fetch-site': 'same-origin' })],
  ])('from %s is carried out', async (_from, headers) => {
    const lead = await employeeDueForPromotion();
    expect((await syncRolesByCookie(headers())).status).toBe(200);
    expect(await roleOf(lead)).toBe('manager');
  });

  it('is a read when it is a GET: no Origin needed', async () => {
    const response = await request(app, 'GET', '/api/user', {
      headers: { cookie: `__Host-authToken=${admin.token}`, origin: 'https://evil.example' },
    });
    expect(response.status).toBe(200);
  });
});

describe('a change signed in by the Bearer header', () => {
  it('is carried out whatever its Origin (no other site can set the header)', async () => {
    const lead = await employeeDueForPromotion();
    const response = await request(app, 'POST', '/api/sync-roles', {
      token: admin.token,
      headers: { cookie: `__Host-authToken=${admin.token}`, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(response.status).toBe(200);
    expect(await roleOf(lead)).toBe('manager');
  });
});
