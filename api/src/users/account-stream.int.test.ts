import { randomUUID } from 'node:crypto';
import {
  auditLogPageSchema,
  recordHistorySchema,
  userSchema,
  userSessionsStream,
  userStream,
  type PersonalDataDocument,
  type Role,
} from '@tht/contracts';
import type { NewEvent } from '@tht/eventstore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserAndLogin, type SignedInTestUser } from '../testing/accounts';
import { request } from '../testing/request';
import { startTestApp, type TestApp } from '../testing/test-app';

let app: TestApp;
let admin: SignedInTestUser;

beforeAll(async () => {
  app = await startTestApp();
  admin = await createUserAndLogin(app, { role: 'admin' });
});
afterAll(() => app?.close());

/** Sign-ins appended to the account's own stream as releases before decision 049 did (stored alike, 100 per append here). */
async function signInsTheOldWay(userId: number, count: number): Promise<void> {
  const signIn = (n: number): NewEvent => ({
    type: 'UserLoggedIn',
    data: { userId, sessionId: `old-${n}-${randomUUID()}` },
    metadata: { actorId: String(userId), correlationId: randomUUID(), occurredAt: new Date().toISOString(), schemaVersion: 1 },
  });
  for (let n = 0; n < count; n += 100) {
    await app.ctx.store.append(
      userStream(userId),
      Array.from({ length: Math.min(100, count - n) }, (_, i) => signIn(n + i)),
      'any',
    );
  }
}

/** How many events of `stream` the store handed out while `act` ran (every read of it, by any code). */
async function eventsReadOf(stream: string, act: () => Promise<void>): Promise<number> {
  const store = app.ctx.store;
  const readStream = store.readStream.bind(store);
  let read = 0;
  store.readStream = async (name, only) => {
    const events = await readStream(name, only);
    if (name === stream) read += events.length;
    return events;
  };
  try {
    await act();
  } finally {
    store.readStream = readStream;
  }
  return read;
}

/** An admin's change of the person's role (an account command on `user-<id>`): the events of the account stream it read. */
async function changeRole(person: SignedInTestUser, role: Role): Promise<number> {
  return eventsReadOf(userStream(person.user.id), async () => {
    const response = await request(app, 'PUT', `/api/users/${person.user.id}`, { token: admin.token, body: { role } });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(userSchema.parse(response.body).role).toBe(role);
  });
}

describe("an account command's cost does not grow with the person's sign-ins", () => {
  it('reads the same few events after 10 or 2,000 sign-ins an earlier release left on the account stream', async () => {
    const [few, many] = await Promise.all([createUserAndLogin(app), createUserAndLogin(app)]);
    await signInsTheOldWay(few.user.id, 10);
    await signInsTheOldWay(many.user.id, 2_000);

    // The first command after the upgrade reads the old sign-ins once, and remembers where they end.
    expect(await changeRole(many, 'manager')).toBeGreaterThan(2_000);
    expect(await changeRole(few, 'manager')).toBeGreaterThan(10);

    const [readWithFew, readWithMany] = [await changeRole(few, 'hr'), await changeRole(many, 'hr')];
    expect(readWithMany).toBe(readWithFew);
    // UserCreated, the first role change, and the event where the sign-ins were passed.
    expect(readWithMany).toBeLessThanOrEqual(3);
  }, 60_000);

  it('keeps deciding at the stream version when an old release signs the person in after the first pass (both run during an upgrade)', async () => {
    const person = await createUserAndLogin(app);
    await signInsTheOldWay(person.user.id, 200);
    await changeRole(person, 'manager');
    await signInsTheOldWay(person.user.id, 200);

    expect(await changeRole(person, 'hr')).toBeGreaterThan(200);
    expect(await changeRole(person, 'employee')).toBeLessThanOrEqual(4);
    const types = (await app.ctx.store.readStream(userStream(person.user.id))).map((event) => event.type);
    expect(types.filter((type) => type === 'UserUpdated')).toHaveLength(3);
  });

  it('reads a stream whole once more when the place remembered is past its end (a log restored from an older copy)', async () => {
    const person = await createUserAndLogin(app);
    await signInsTheOldWay(person.user.id, 50);
    await changeRole(person, 'manager');
    await app.ctx.pool.query('UPDATE account_streams.passed_sign_ins SET head = head + 1000 WHERE stream_name = $1', [
      userStream(person.user.id),
    ]);

    expect(await changeRole(person, 'hr')).toBeGreaterThan(50);
    expect(await changeRole(person, 'employee')).toBeLessThanOrEqual(4);
  });
});

describe("sign-ins and sign-outs are on the person's sessions stream", () => {
  it('appends them to user-sessions-<id>, never to the account stream; history, audit log and data download still show them', async () => {
    const person = await createUserAndLogin(app);
    const again = await request(app, 'POST', '/api/login', { body: { username: person.user.email, password: person.password } });
    expect(again.status).toBe(200);
    expect((await request(app, 'POST', '/api/logout', { token: person.token })).status).toBe(200);

    const typesOf = async (stream: string) => (await app.ctx.store.readStream(stream)).map((event) => event.type);
    expect(await typesOf(userStream(person.user.id))).toEqual(['UserCreated']);
    expect(await typesOf(userSessionsStream(person.user.id))).toEqual(['UserLoggedIn', 'UserLoggedIn', 'UserLoggedOut']);
    expect(await changeRole(person, 'manager')).toBe(1);

    const history = await request(app, 'GET', `/api/history/users/${person.user.id}`, { token: admin.token });
    expect(recordHistorySchema.parse(history.body).items.map((item) => item.event)).toEqual([
      'UserCreated',
      'UserLoggedIn',
      'UserLoggedIn',
      'UserLoggedOut',
      'UserUpdated',
    ]);

    const log = await request(app, 'GET', `/api/audit/log?kind=security&actorId=${person.user.id}`, { token: admin.token });
    const signIns = auditLogPageSchema.parse(log.body).items.filter((item) => item.event === 'UserLoggedIn');
    expect(signIns).toHaveLength(2);
    for (const item of signIns) expect(item).toMatchObject({ kind: 'users', recordId: String(person.user.id) });

    const download = await request(app, 'GET', `/api/users/${person.user.id}/personal-data?format=json`, { token: person.token });
    expect(download.status).toBe(401); // the signed-out session's token
    const own = await request(app, 'GET', `/api/users/${person.user.id}/personal-data?format=json`, {
      token: (again.body as { authToken: string }).authToken,
    });
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    const document = own.body as PersonalDataDocument;
    expect(document.sessions.map(({ method, endedBy }) => [method, endedBy])).toEqual([
      ['password', 'signed out'],
      ['password', null],
    ]);
  });
});
