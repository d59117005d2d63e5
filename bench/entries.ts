/**
 * Entries benchmark (issue 4). Starts the product as `npm start` does (its own process) on a fresh
 * database, seeds 1,000 users and 200,000 entries through the event store (one stream per user
 * and per entry, as the API writes them) and waits for the product's projections to build the read
 * models. Then, over HTTP, each request signed in as the user whose data it reads:
 *   - p50/p95 of GET /api/entries?userId=&year= and GET /api/stats?userId=&year= under 50
 *     concurrent clients (target: p95 under 30 ms);
 *   - the time to bulk-log 500 rows with POST /api/entries/bulk, read-your-writes included (the
 *     rows are listed by the very next read) (target: under 2 s).
 *
 * Run: `npx tsx bench/entries.ts`, or `npm run bench -- entries`. Sizes: BENCH_USERS,
 * BENCH_ENTRIES, BENCH_REQUESTS, BENCH_CLIENTS. It always starts its own product (seeding needs the
 * database), so BENCH_BASE_URL does not apply.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { entryStream, userStream, type AccountEventData, type EntryEventData } from '@tht/contracts';
import { createEventStore, type EventStore } from '@tht/eventstore';
import { createDb, createPool } from '@tht/postgres';
import { createTestDatabase } from '@tht/postgres/testing';
import { createReadModelWaiter } from 'projections';
import { hashPassword } from '../api/src/auth/passwords';
import { signAuthToken } from '../api/src/auth/tokens';
import { metadataFor, systemActor } from '../api/src/platform/commands';
import { createIdAllocator, type IdAllocator } from '../api/src/platform/ids';
import { freePort, repoRoot, startProduct } from '../e2e/src/support/product';
import { createLoadClient, formatLatency, measureLatency } from './support/load';

const USERS = Number(process.env.BENCH_USERS ?? 1_000);
const ENTRIES = Number(process.env.BENCH_ENTRIES ?? 200_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 5_000);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 50);
const BULK_ROWS = 500;
const BULK_RUNS = 5;
const SEED_CONCURRENCY = 16;
const MANAGERS = Math.max(1, Math.round(USERS / 20));
const YEARS = [2023, 2024, 2025] as const;
const TOPICS = ['Risk Management', 'Leadership', 'Excel', 'Cloud Security', 'Negotiation', 'Agile Coaching', 'Data Analytics'];

/** A small deterministic generator, so every run seeds and requests the same data. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

async function concurrently(count: number, concurrency: number, work: (index: number) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < count) await work(next++);
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
}

const seconds = (since: number) => (performance.now() - since) / 1000;

interface SeededUser {
  id: number;
  token: string;
  firstName: string;
  lastName: string;
}

interface Seeder {
  store: EventStore;
  ids: IdAllocator;
}

async function seedUsers({ store, ids }: Seeder, jwtSecret: string): Promise<SeededUser[]> {
  const passwordHash = await hashPassword('bench-password-1');
  const userIds: number[] = [];
  for (let index = 0; index < USERS; index += 1) userIds.push(await ids.next('user'));
  await concurrently(USERS, SEED_CONCURRENCY, async (index) => {
    const userId = userIds[index]!;
    const isManager = index < MANAGERS;
    const managerIndex = index % MANAGERS;
    const data: AccountEventData['UserCreated'] = {
      userId,
      email: `bench${index}@example.com`,
      firstName: `First${index}`,
      lastName: `Last${index}`,
      role: index === MANAGERS ? 'hr' : isManager ? 'manager' : 'employee',
      managerId: isManager ? null : userIds[managerIndex]!,
      managerName: isManager ? null : `First${managerIndex} Last${managerIndex}`,
      department: `Department ${index % 10}`,
      passwordHash,
      firstLoginRequired: false,
    };
    await store.append(userStream(userId), [{ type: 'UserCreated', data, metadata: metadataFor(systemActor()) }], 'no_stream');
  });
  return userIds.map((id, index) => ({
    id,
    token: signAuthToken({ id, token_version: 0 }, jwtSecret),
    firstName: `First${index}`,
    lastName: `Last${index}`,
  }));
}

/** Appends the entries; returns the global position of the last one. */
async function seedEntries({ store, ids }: Seeder, users: readonly SeededUser[]): Promise<string> {
  const next = random(42);
  let lastPosition = '';
  await concurrently(ENTRIES, SEED_CONCURRENCY, async (index) => {
    const user = users[index % users.length]!;
    const year = YEARS[Math.floor(next() * YEARS.length)]!;
    const month = 1 + Math.floor(next() * 12);
    const day = 1 + Math.floor(next() * 28);
    const entryId = await ids.next('entry');
    const data: EntryEventData['EntryLogged'] = {
      entryId,
      userId: user.id,
      trainingName: TOPICS[index % TOPICS.length]!,
      date: `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`,
      firstName: user.firstName,
      lastName: user.lastName,
      managerName: 'Bench Manager',
      department: 'Engineering',
      hours: String(0.25 * (1 + Math.floor(next() * 32))),
      notes: index % 3 === 0 ? 'Notes about the course and what was learned.' : '',
      rating: Math.floor(next() * 6),
      beInnovative: index % 7 === 0,
      trainingType: index % 2 === 0 ? 'internal' : 'external',
      courseGivenBy: 'Bench Academy',
      customFields: {},
    };
    const result = await store.append(entryStream(entryId), [{ type: 'EntryLogged', data, metadata: metadataFor(systemActor()) }], 'no_stream');
    if (result.lastGlobalPosition > lastPosition) lastPosition = result.lastGlobalPosition;
  });
  return lastPosition;
}

/**
 * Seeds through the event store on connections with synchronous_commit off (the same adapter and
 * statements, without a disk flush per event); the product's own connections stay durable, so the
 * measured bulk log pays for its flushes.
 */
async function seed(connectionString: string, jwtSecret: string): Promise<SeededUser[]> {
  const pool = createPool(connectionString, { max: SEED_CONCURRENCY + 2, options: '-c synchronous_commit=off' });
  const seeder = { store: createEventStore({ pool }), ids: createIdAllocator(createDb(pool)) };
  const waiter = createReadModelWaiter(pool);
  try {
    const started = performance.now();
    const users = await seedUsers(seeder, jwtSecret);
    const lastPosition = await seedEntries(seeder, users);
    const appended = performance.now();
    if (!(await waiter.waitFor(lastPosition, 30 * 60_000))) throw new Error('the read models did not catch up with the seed');
    console.log(
      `  seeded ${USERS} users and ${ENTRIES} entries in ${seconds(started).toFixed(1)} s ` +
        `(${Math.round((USERS + ENTRIES) / ((appended - started) / 1000))} appends/s; ` +
        `the projections finished ${seconds(appended).toFixed(1)} s after the last append)`,
    );
    return users;
  } finally {
    await waiter.close();
    await seeder.store.close();
    await pool.end();
  }
}

async function bulkLog(baseUrl: string, user: SeededUser, run: number): Promise<number> {
  const entries = Array.from({ length: BULK_ROWS }, (_, index) => ({
    firstName: user.firstName,
    lastName: user.lastName,
    trainingName: `Bulk course ${run}-${index}`,
    date: `2025-0${1 + (index % 9)}-1${index % 10}`,
    hours: 1 + (index % 8) * 0.25,
    managerName: 'Bench Manager',
    department: 'Engineering',
    trainingType: index % 2 === 0 ? 'internal' : 'external',
    courseGivenBy: 'Bench Academy',
    rating: 1 + (index % 5),
    beInnovative: index % 4 === 0,
    notes: 'Pasted from a spreadsheet',
  }));
  const headers = { authorization: `Bearer ${user.token}` };
  const started = performance.now();
  const response = await fetch(`${baseUrl}/api/entries/bulk`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ entries, validateData: true }),
  });
  const result = (await response.json()) as { created: number };
  const elapsed = performance.now() - started;
  if (result.created !== BULK_ROWS) throw new Error(`bulk run ${run} created ${result.created} of ${BULK_ROWS}`);
  const listed = (await (await fetch(`${baseUrl}/api/entries?userId=${user.id}&year=2025`, { headers })).json()) as { trainingName: string }[];
  if (listed.filter((row) => row.trainingName.startsWith(`Bulk course ${run}-`)).length !== BULK_ROWS) {
    throw new Error(`bulk run ${run}: the rows were not all readable right after the response`);
  }
  return elapsed;
}

/**
 * The same closed loop against a bare Express handler (own process, no sign-in, no database) that
 * sends a body of `bytes`: what this machine allows any Node.js HTTP read, for comparison.
 */
async function measureFloor(bytes: number): Promise<string> {
  const port = await freePort();
  const server = spawn(process.execPath, ['--import', 'tsx', 'bench/support/bare-express-server.ts', String(port), String(bytes)], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.stdout.once('data', () => resolve());
      server.once('exit', (code) => reject(new Error(`the bare Express server exited with ${code}`)));
    });
    const client = createLoadClient(`http://127.0.0.1:${port}`, CLIENTS);
    await measureLatency(CLIENTS, 1_000, () => client.send('floor', '/floor').then(() => {}));
    const summary = await measureLatency(CLIENTS, REQUESTS, () => client.send('floor', '/floor').then(() => {}));
    client.close();
    return formatLatency(`  for comparison, a bare Express handler sending ${bytes} bytes, ${CLIENTS} clients`, summary);
  } finally {
    server.kill();
  }
}

async function main(): Promise<void> {
  const database = await createTestDatabase();
  const jwtSecret = randomBytes(32).toString('hex');
  console.log('Starting the product as `npm start` does, on a fresh database...');
  const product = await startProduct({ DATABASE_URL: database.connectionString, JWT_SECRET: jwtSecret });
  try {
    const users = await seed(database.connectionString, jwtSecret);
    const pick = random(7);
    const client = createLoadClient(product.baseUrl, CLIENTS);
    const measure = async (label: string, path: (user: SeededUser, year: number) => string, clients: number, total: number) => {
      const summary = await measureLatency(clients, total, async () => {
        const user = users[Math.floor(pick() * users.length)]!;
        const year = YEARS[Math.floor(pick() * YEARS.length)]!;
        await client.send(label, path(user, year), { headers: { authorization: `Bearer ${user.token}` } });
      });
      return formatLatency(`  ${label}, ${clients} client${clients === 1 ? '' : 's'}`, summary);
    };
    const entriesPath = (user: SeededUser, year: number) => `/api/entries?userId=${user.id}&year=${year}`;
    const statsPath = (user: SeededUser, year: number) => `/api/stats?userId=${user.id}&year=${year}`;
    await measure('warm-up', entriesPath, CLIENTS, 1_000);
    await measure('warm-up', statsPath, CLIENTS, 1_000);
    console.log(await measure('GET /api/entries?userId=&year=', entriesPath, 1, 300));
    console.log(`${await measure('GET /api/entries?userId=&year=', entriesPath, CLIENTS, REQUESTS)} (target p95 < 30 ms)`);
    const typicalBytes = (await client.send('size', entriesPath(users[0]!, YEARS[0]), { headers: { authorization: `Bearer ${users[0]!.token}` } })).length;
    console.log(`${await measure('GET /api/stats?userId=&year=', statsPath, CLIENTS, REQUESTS)} (target p95 < 30 ms)`);
    console.log(await measureFloor(typicalBytes));

    const timings: number[] = [];
    for (let run = 0; run < BULK_RUNS; run += 1) timings.push(await bulkLog(product.baseUrl, users.at(-1)!, run));
    const sorted = [...timings].sort((a, b) => a - b);
    console.log(
      `  POST /api/entries/bulk with ${BULK_ROWS} rows, read-your-writes included, ${BULK_RUNS} runs: ` +
        `median ${sorted[Math.floor(BULK_RUNS / 2)]!.toFixed(0)} ms, max ${sorted.at(-1)!.toFixed(0)} ms (target < 2000 ms)`,
    );
    client.close();
  } finally {
    await product.stop();
    await database.drop();
  }
}

await main();
