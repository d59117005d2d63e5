import { userStream } from '@tht/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { metadataFor, systemActor } from '../platform/commands';
import { createUserAndLogin } from '../testing/accounts';
import { request } from '../testing/request';
import { startTestApp, type TestApp } from '../testing/test-app';

async function statusWithin(app: TestApp, token: string, expected: number, timeoutMs: number): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  let status = 0;
  while (Date.now() < deadline) {
    status = (await request(app, 'GET', '/api/user', { token })).status;
    if (status === expected) return status;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return status;
}

describe('signed-in users kept in memory', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  it('refuses a token revoked by another process once its change is projected', async () => {
    const { user, token } = await createUserAndLogin(app);
    expect((await request(app, 'GET', '/api/user', { token })).status).toBe(200);

    // Another API instance's logout: the event reaches this process only through the projection
    // runner's notification, not through this process's own command.
    const logout = { type: 'UserLoggedOut', data: { userId: user.id } };
    await app.ctx.store.append(
      userStream(user.id),
      [{ ...logout, metadata: metadataFor(systemActor(), logout, app.ctx.now().toISOString()) }],
      'any',
    );

    expect(await statusWithin(app, token, 401, 5_000)).toBe(401);
  });

  it('refuses the old token on the very next request after a logout answered', async () => {
    const { token } = await createUserAndLogin(app);
    expect((await request(app, 'GET', '/api/user', { token })).status).toBe(200);
    expect((await request(app, 'POST', '/api/logout', { token })).status).toBe(200);
    expect((await request(app, 'GET', '/api/user', { token })).status).toBe(401);
  });
});
