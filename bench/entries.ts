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
import { randomBytes } from 'node:crypto';
import { createTestDatabase } from '@tht/postgres/testing';
import { startProduct } from '../e2e/src/support/product';
import { measureFloor } from './support/floor';
import { createLoadClient, formatLatency, measureLatency } from './support/load';
import { random, seedThroughEventStore, syntheticEntry, type SeededUser, type SeedPlan } from './support/seed';

const USERS = Number(process.env.BENCH_USERS ?? 1_000);
const ENTRIES = Number(process.env.BENCH_ENTRIES ?? 200_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 5_000);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 50);
const BULK_ROWS = 500;
const BULK_RUNS = 5;
const MANAGERS = Math.max(1, Math.round(USERS / 20));
const YEARS = [2023, 2024, 2025] as const;

/** Every 20th user is a manager (and the first one after the managers is HR); entries go round the users. */
function seedPlan(): SeedPlan {
  const next = random(42);
  return {
    users: USERS,
    profileOf: (index) => ({
      role: index === MANAGERS ? 'hr' : index < MANAGERS ? 'manager' : 'employee',
      managerIndex: index < MANAGERS ? null : index % MANAGERS,
    }),
    entries: ENTRIES,
    entryOf: (index, owner) => {
      const userIndex = index % USERS;
      return { userIndex, details: syntheticEntry(index, owner(userIndex), next, YEARS, 'Bench Manager') };
    },
  };
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
  const listed = (await (await fetch(`${baseUrl}/api/entries?userId=${user.id}&year=2025`, { headers })).json()) as {
    trainingName: string;
  }[];
  if (listed.filter((row) => row.trainingName.startsWith(`Bulk course ${run}-`)).length !== BULK_ROWS) {
    throw new Error(`bulk run ${run}: the rows were not all readable right after the response`);
  }
  return elapsed;
}

async function main(): Promise<void> {
  const database = await createTestDatabase();
  const jwtSecret = randomBytes(32).toString('hex');
  console.log('Starting the product as `npm start` does, on a fresh database...');
  const product = await startProduct({ DATABASE_URL: database.connectionString, JWT_SECRET: jwtSecret });
  try {
    const users = await seedThroughEventStore(database.connectionString, jwtSecret, seedPlan());
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
    const typicalBytes = (
      await client.send('size', entriesPath(users[0]!, YEARS[0]), { headers: { authorization: `Bearer ${users[0]!.token}` } })
    ).length;
    console.log(`${await measure('GET /api/stats?userId=&year=', statsPath, CLIENTS, REQUESTS)} (target p95 < 30 ms)`);
    const floor = await measureFloor(typicalBytes, CLIENTS, REQUESTS);
    console.log(formatLatency(`  for comparison, a bare Express handler sending ${typicalBytes} bytes, ${CLIENTS} clients`, floor));

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
