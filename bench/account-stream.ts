// An account command against how often the person signed in (issue 33, section 4; decision 049):
// an admin's change of a person's role (PUT /api/users/{id}, sequential) for a person who never
// signed in (the floor), one with BENCH_SIGN_INS sign-ins an earlier release left on the account's
// own stream `user-<id>` (appended straight into the event store, one event per sign-in, as that
// release did), and one with as many on this release's `user-sessions-<id>`. Each row is the median
// and p95 of BENCH_CHANGES changes after a first one, whose time (the one-off pass over an old
// stream's sign-ins) is in the note. Target: within 0.8 of the floor whatever the sign-ins.
// Sizes: BENCH_SIGN_INS (10000), BENCH_CHANGES (40).
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { userSessionsStream, userStream } from '@tht/contracts';
import { createEventStore, type NewEvent } from '@tht/eventstore';
import { createPool } from '@tht/postgres';
import { createTestDatabase } from '@tht/postgres/testing';
import { accountsApi, startProduct, type Account } from '@tht/test-kit';
import { emitRow, loadAverageText, type BenchRow } from './support/report';

const SIGN_INS = Number(process.env.BENCH_SIGN_INS ?? 10_000);
const CHANGES = Number(process.env.BENCH_CHANGES ?? 40);
const TARGET_RATIO = 0.8;
const APPEND_BATCH = 500;

const percentile = (sorted: readonly number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

/** `count` sign-ins of `userId` appended to `stream`. */
async function appendSignIns(connectionString: string, stream: string, userId: number, count: number): Promise<void> {
  const pool = createPool(connectionString);
  const store = createEventStore({ pool });
  const signIn = (): NewEvent => ({
    type: 'UserLoggedIn',
    data: { userId, sessionId: randomUUID() },
    metadata: { actorId: String(userId), correlationId: randomUUID(), occurredAt: new Date().toISOString(), schemaVersion: 1 },
  });
  try {
    for (let done = 0; done < count; done += APPEND_BATCH) {
      await store.append(stream, Array.from({ length: Math.min(APPEND_BATCH, count - done) }, signIn), 'any');
    }
  } finally {
    await store.close();
    await pool.end();
  }
}

/** The milliseconds of each of `1 + CHANGES` role changes of `person`, one after another. */
async function roleChanges(baseUrl: string, adminToken: string, person: Account): Promise<number[]> {
  const timings: number[] = [];
  for (let n = 0; n <= CHANGES; n += 1) {
    const started = performance.now();
    const response = await fetch(`${baseUrl}/api/users/${person.id}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ role: n % 2 === 0 ? 'manager' : 'employee' }),
    });
    const text = await response.text();
    if (response.status !== 200) throw new Error(`PUT /api/users/${person.id} answered ${response.status}: ${text}`);
    timings.push(performance.now() - started);
  }
  return timings;
}

function changeRow(label: string, timings: readonly number[], floorPerSecond: number | null): BenchRow {
  const [first, ...rest] = timings;
  const sorted = [...rest].sort((a, b) => a - b);
  const perSecond = 1000 / (rest.reduce((sum, ms) => sum + ms, 0) / rest.length);
  const ratio = floorPerSecond === null ? null : perSecond / floorPerSecond;
  return {
    request: label,
    clients: 1,
    perSecond,
    p50Ms: percentile(sorted, 0.5),
    p95Ms: percentile(sorted, 0.95),
    floorPerSecond,
    ratio,
    target: floorPerSecond === null ? null : `>= ${TARGET_RATIO}`,
    met: ratio === null ? null : ratio >= TARGET_RATIO,
    note: `first change ${first!.toFixed(0)} ms; ${loadAverageText()}`,
  };
}

const database = await createTestDatabase();
const product = await startProduct({ DATABASE_URL: database.connectionString });
try {
  const accounts = accountsApi(product);
  const adminToken = await accounts.adminToken();
  const [never, oldWay, sessions] = [
    await accounts.createAccount('employee'),
    await accounts.createAccount('employee'),
    await accounts.createAccount('employee'),
  ];
  const count = new Intl.NumberFormat('en').format(SIGN_INS);
  console.log(`Appending ${count} sign-ins to user-${oldWay.id} and to user-sessions-${sessions.id}...`);
  await appendSignIns(database.connectionString, userStream(oldWay.id), oldWay.id, SIGN_INS);
  await appendSignIns(database.connectionString, userSessionsStream(sessions.id), sessions.id, SIGN_INS);

  const floor = changeRow(
    'PUT /api/users/{id} (role), person never signed in',
    await roleChanges(product.baseUrl, adminToken, never),
    null,
  );
  emitRow(floor);
  const floorPerSecond = floor.perSecond;
  emitRow(
    changeRow(
      `PUT /api/users/{id} (role), ${count} sign-ins on user-<id> (an earlier release's log)`,
      await roleChanges(product.baseUrl, adminToken, oldWay),
      floorPerSecond,
    ),
  );
  emitRow(
    changeRow(
      `PUT /api/users/{id} (role), ${count} sign-ins on user-sessions-<id>`,
      await roleChanges(product.baseUrl, adminToken, sessions),
      floorPerSecond,
    ),
  );
} catch (error) {
  console.error(`account-stream failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exitCode = 1;
} finally {
  await product.stop();
  await database.drop();
}
