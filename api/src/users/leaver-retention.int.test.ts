import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserAndLogin, type SignedInTestUser } from '../testing/accounts';
import { request } from '../testing/request';
import { startTestApp, type TestApp } from '../testing/test-app';
import { eraseDueLeavers } from './leaver-retention';

/** ERASE_LEAVERS_AFTER_DAYS (issue #30, decision 038): leavers are erased that long after their deactivation. */

let app: TestApp;
let admin: SignedInTestUser;
const DAY_MS = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  app = await startTestApp({ config: { eraseLeaversAfterDays: 30 } });
  admin = await createUserAndLogin(app, { role: 'admin' });
});

afterAll(() => app?.close());

describe('erasing leavers after ERASE_LEAVERS_AFTER_DAYS', () => {
  it('erases, as the system, those deactivated that long ago, and nobody else', async () => {
    const leaver = await createUserAndLogin(app, { firstName: 'Lena', lastName: 'Leaver' });
    const stayer = await createUserAndLogin(app, { firstName: 'Stan', lastName: 'Stayer' });
    expect((await request(app, 'POST', `/api/users/${leaver.user.id}/deactivate`, { token: admin.token })).status).toBe(204);

    expect(await eraseDueLeavers(app.ctx, 30)).toEqual([]);
    const now = app.ctx.now;
    app.ctx.now = () => new Date(Date.now() + 31 * DAY_MS);
    try {
      expect(await eraseDueLeavers(app.ctx, 30)).toEqual([leaver.user.id]);
      expect(await eraseDueLeavers(app.ctx, 30)).toEqual([]);
    } finally {
      app.ctx.now = now;
    }

    const users = await request(app, 'GET', '/api/users?status=all', { token: admin.token });
    expect(users.body).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: leaver.user.id, firstName: 'Erased', lastName: `person #${leaver.user.id}` }),
        expect.objectContaining({ id: stayer.user.id, firstName: 'Stan', lastName: 'Stayer' }),
      ]),
    );
  });
});
