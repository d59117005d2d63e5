/**
 * Entries benchmark (issue 4). Seeds 1,000 users and 200,000 entries through the event store
 * (one stream per user and per entry, as the API writes them) and lets the projections build the
 * read models; then measures, against the real app over HTTP:
 *   - p50/p95/p99 of GET /api/entries?userId=&year= and GET /api/stats?userId=&year= under 50
 *     concurrent clients, each request signed in as the user whose data it reads (target p95 < 30 ms);
 *   - the time to bulk-log 500 rows with POST /api/entries/bulk, read-your-writes included (target < 2 s).
 *
 * Run: `npx tsx bench/entries.ts` (sizes: BENCH_USERS, BENCH_ENTRIES, BENCH_REQUESTS, BENCH_CLIENTS).
 * The clients run in the same process as the server, so latencies include client overhead.
 */
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { entryStream, userStream, type AccountEventData, type EntryEventData } from '@tht/contracts';
import { hashPassword } from '../api/src/auth/passwords';
import { signAuthToken } from '../api/src/auth/tokens';
import { metadataFor, systemActor } from '../api/src/platform/commands';
import { startTestApp, type TestApp } from '../api/src/testing/test-app';

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

/** A small deterministic generator, so every run seeds the same data. */
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

function percentile(sorted: readonly number[], share: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))]!;
}

const ms = (value: number) => `${value.toFixed(1)} ms`;

interface SeededUser {
  id: number;
  token: string;
  firstName: string;
  lastName: string;
}

async function seedUsers(app: TestApp): Promise<SeededUser[]> {
  const { ctx } = app;
  const passwordHash = await hashPassword('bench-password-1');
  const userIds: number[] = [];
  for (let index = 0; index < USERS; index += 1) userIds.push(await ctx.ids.next('user'));
  await concurrently(USERS, SEED_CONCURRENCY, async (index) => {
    const userId = userIds[index]!;
    const isManager = index < MANAGERS;
    const managerId = isManager ? null : userIds[index % MANAGERS]!;
    const data: AccountEventData['UserCreated'] = {
      userId,
      email: `bench${index}@${ctx.config.orgEmailDomain}`,
      firstName: `First${index}`,
      lastName: `Last${index}`,
      role: index === MANAGERS ? 'hr' : isManager ? 'manager' : 'employee',
      managerId,
      managerName: managerId === null ? null : `First${index % MANAGERS} Last${index % MANAGERS}`,
      department: `Department ${index % 10}`,
      passwordHash,
      firstLoginRequired: false,
    };
    await ctx.store.append(userStream(userId), [{ type: 'UserCreated', data, metadata: metadataFor(systemActor()) }], 'no_stream');
  });
  return userIds.map((id, index) => ({
    id,
    token: signAuthToken({ id, token_version: 0 }, ctx.config.jwtSecret),
    firstName: `First${index}`,
    lastName: `Last${index}`,
  }));
}

async function seedEntries(app: TestApp, users: readonly SeededUser[]): Promise<string> {
  const { ctx } = app;
  const next = random(42);
  let lastPosition = '';
  await concurrently(ENTRIES, SEED_CONCURRENCY, async (index) => {
    const user = users[index % users.length]!;
    const year = YEARS[Math.floor(next() * YEARS.length)]!;
    const month = 1 + Math.floor(next() * 12);
    const day = 1 + Math.floor(next() * 28);
    const entryId = await ctx.ids.next('entry');
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
    const result = await ctx.store.append(entryStream(entryId), [{ type: 'EntryLogged', data, metadata: metadataFor(systemActor()) }], 'no_stream');
    if (result.lastGlobalPosition > lastPosition) lastPosition = result.lastGlobalPosition;
  });
  return lastPosition;
}

interface LoadResult {
  requests: number;
  p50: number;
  p95: number;
  p99: number;
  perSecond: number;
}

async function load(app: TestApp, users: readonly SeededUser[], path: (user: SeededUser, year: number) => string, requests: number): Promise<LoadResult> {
  const next = random(7);
  const latencies: number[] = [];
  const started = performance.now();
  await concurrently(requests, CLIENTS, async () => {
    const user = users[Math.floor(next() * users.length)]!;
    const year = YEARS[Math.floor(next() * YEARS.length)]!;
    const begin = performance.now();
    const response = await fetch(`${app.baseUrl}${path(user, year)}`, { headers: { authorization: `Bearer ${user.token}` } });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${path(user, year)} answered ${response.status}`);
    latencies.push(performance.now() - begin);
  });
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { requests, p50: percentile(latencies, 0.5), p95: percentile(latencies, 0.95), p99: percentile(latencies, 0.99), perSecond: requests / seconds };
}

async function bulkLog(app: TestApp, user: SeededUser, run: number): Promise<number> {
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
  const begin = performance.now();
  const response = await fetch(`${app.baseUrl}/api/entries/bulk`, {
    method: 'POST',
    headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ entries, validateData: true }),
  });
  const result = (await response.json()) as { created: number };
  const elapsed = performance.now() - begin;
  if (result.created !== BULK_ROWS) throw new Error(`bulk run ${run} created ${result.created} of ${BULK_ROWS}`);
  // Read-your-writes: the rows are listed by the very next read.
  const listed = await fetch(`${app.baseUrl}/api/entries?userId=${user.id}&year=2025`, { headers: { authorization: `Bearer ${user.token}` } });
  const rows = (await listed.json()) as { trainingName: string }[];
  if (rows.filter((row) => row.trainingName.startsWith(`Bulk course ${run}-`)).length !== BULK_ROWS) {
    throw new Error(`bulk run ${run}: the rows were not all readable right after the response`);
  }
  return elapsed;
}

export async function runEntriesBench(): Promise<void> {
  const app = await startTestApp();
  try {
    console.log(`entries bench: seeding ${USERS} users and ${ENTRIES} entries through the event store...`);
    const seedStart = performance.now();
    const users = await seedUsers(app);
    const lastPosition = await seedEntries(app, users);
    const appended = performance.now();
    await app.ctx.readModels.waitFor(lastPosition, 600_000);
    const projected = performance.now();
    console.log(
      `  seeded in ${((appended - seedStart) / 1000).toFixed(1)} s (${Math.round((USERS + ENTRIES) / ((appended - seedStart) / 1000))} appends/s); ` +
        `read models caught up ${((projected - appended) / 1000).toFixed(1)} s after the last append`,
    );

    const entriesPath = (user: SeededUser, year: number) => `/api/entries?userId=${user.id}&year=${year}`;
    const statsPath = (user: SeededUser, year: number) => `/api/stats?userId=${user.id}&year=${year}`;
    await load(app, users, entriesPath, 500); // warm-up
    await load(app, users, statsPath, 500);
    for (const [label, path] of [
      ['GET /api/entries?userId=&year=', entriesPath],
      ['GET /api/stats?userId=&year=  ', statsPath],
    ] as const) {
      const result = await load(app, users, path, REQUESTS);
      console.log(
        `  ${label} ${CLIENTS} clients, ${result.requests} requests: p50 ${ms(result.p50)}, p95 ${ms(result.p95)}, ` +
          `p99 ${ms(result.p99)}, ${Math.round(result.perSecond)} req/s (target p95 < 30 ms)`,
      );
    }

    const bulkUser = users[users.length - 1]!;
    const timings: number[] = [];
    for (let run = 0; run < BULK_RUNS; run += 1) timings.push(await bulkLog(app, bulkUser, run));
    const sorted = [...timings].sort((a, b) => a - b);
    console.log(
      `  POST /api/entries/bulk, ${BULK_ROWS} rows, ${BULK_RUNS} runs (read-your-writes included): ` +
        `median ${ms(percentile(sorted, 0.5))}, max ${ms(sorted.at(-1)!)} (target < 2000 ms)`,
    );
  } finally {
    await app.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  runEntriesBench().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
