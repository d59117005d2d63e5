/**
 * Manager View benchmark (issue 9). Starts the product as `npm start` does (its own process) on a
 * fresh database, seeds 1,000 users and 200,000 entries through the event store, one manager
 * having 40 direct reports, and waits for the projections. Then, signed in as that manager, the
 * throughput of each of the three Manager View reads under 50 concurrent clients (closed loop),
 * each set against the same loop on a bare Express handler sending a body of the same size,
 * measured in the same run (target: at least 0.6 of that floor):
 *   GET /api/manager/{id}/stats?year=, GET /api/manager/{id}/employees, GET /api/manager/{id}/entries?year=
 * and, for reference, GET /api/user (a light signed-in read): near the ceiling any signed-in read has.
 *
 * Run: `npx tsx bench/manager.ts`, or `npm run bench -- manager`. Sizes: BENCH_USERS (1000),
 * BENCH_ENTRIES (200000), BENCH_REPORTS (40), BENCH_CLIENTS (50), BENCH_REQUESTS (3000 per small
 * read), BENCH_ENTRIES_REQUESTS (500 for the entries list, about 1 MB each). A quick check on a
 * small dataset: `BENCH_USERS=100 BENCH_ENTRIES=4000 BENCH_REQUESTS=300 BENCH_ENTRIES_REQUESTS=100 npx tsx bench/manager.ts`.
 * It always starts its own product (seeding needs the database).
 */
import { randomBytes } from 'node:crypto';
import { managerStatsSchema } from '@tht/contracts';
import { createTestDatabase } from '@tht/postgres/testing';
import { startProduct } from '../e2e/src/support/product';
import { measureFloor } from './support/floor';
import { createLoadClient, measureLatency, type LatencySummary } from './support/load';
import { random, seedThroughEventStore, syntheticEntry, type SeededUser, type SeedPlan } from './support/seed';

const USERS = Number(process.env.BENCH_USERS ?? 1_000);
const ENTRIES = Number(process.env.BENCH_ENTRIES ?? 200_000);
const REPORTS = Number(process.env.BENCH_REPORTS ?? 40);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 50);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 3_000);
const ENTRIES_REQUESTS = Number(process.env.BENCH_ENTRIES_REQUESTS ?? 500);
const TARGET_RATIO = 0.6;

const THIS_YEAR = new Date().getFullYear();
const YEARS = [THIS_YEAR - 2, THIS_YEAR - 1, THIS_YEAR] as const;
/** The other users report to one of these managers (the users right after the measured team). */
const OTHER_MANAGERS = 24;

if (USERS < REPORTS + OTHER_MANAGERS + 2) throw new Error(`BENCH_USERS must be at least ${REPORTS + OTHER_MANAGERS + 2}`);

/**
 * User 0 is the measured manager, users 1 to REPORTS their reports; the next OTHER_MANAGERS users
 * manage everyone else. Entries go round all the users, so the team holds REPORTS / USERS of them.
 */
function seedPlan(): SeedPlan {
  const next = random(9);
  const firstOtherManager = REPORTS + 1;
  return {
    users: USERS,
    profileOf: (index) => {
      if (index === 0) return { role: 'manager', managerIndex: null };
      if (index <= REPORTS) return { role: 'employee', managerIndex: 0 };
      if (index < firstOtherManager + OTHER_MANAGERS) return { role: 'manager', managerIndex: null };
      return { role: 'employee', managerIndex: firstOtherManager + (index % OTHER_MANAGERS) };
    },
    entries: ENTRIES,
    entryOf: (index, owner) => {
      const userIndex = index % USERS;
      return { userIndex, details: syntheticEntry(index, owner(userIndex), next, YEARS, 'First0 Last0') };
    },
  };
}

interface Measured {
  label: string;
  /** A reference line, not one of the reads the target is for. */
  reference: boolean;
  bytes: number;
  product: LatencySummary;
  floor: LatencySummary;
}

function report({ label, reference, bytes, product, floor }: Measured): string {
  const ratio = product.requestsPerSecond / floor.requestsPerSecond;
  const verdict = reference ? '' : ` (target >= ${TARGET_RATIO}) ${ratio >= TARGET_RATIO ? 'ok' : 'BELOW TARGET'}`;
  return (
    `  ${label}: ${product.requestsPerSecond.toFixed(0)} req/s (p50 ${product.p50Ms.toFixed(1)} ms, p95 ${product.p95Ms.toFixed(1)} ms); ` +
    `bare Express with the same ${bytes} bytes: ${floor.requestsPerSecond.toFixed(0)} req/s; ` +
    `ratio ${ratio.toFixed(2)}${verdict}`
  );
}

async function main(): Promise<void> {
  const database = await createTestDatabase();
  const jwtSecret = randomBytes(32).toString('hex');
  console.log('Starting the product as `npm start` does, on a fresh database...');
  const product = await startProduct({ DATABASE_URL: database.connectionString, JWT_SECRET: jwtSecret });
  const client = createLoadClient(product.baseUrl, CLIENTS);
  try {
    const users = await seedThroughEventStore(database.connectionString, jwtSecret, seedPlan());
    const manager: SeededUser = users[0]!;
    const headers = { authorization: `Bearer ${manager.token}` };
    const pick = random(7);
    const randomYear = () => YEARS[Math.floor(pick() * YEARS.length)]!;

    const stats = managerStatsSchema.parse(
      JSON.parse(await client.send('stats', `/api/manager/${manager.id}/stats?year=${THIS_YEAR}`, { headers })),
    );
    if (stats.totalEmployees !== REPORTS) throw new Error(`the manager has ${stats.totalEmployees} reports, not ${REPORTS}`);
    console.log(`  the team of ${REPORTS}: ${stats.completedTraining} entries and ${stats.totalHours} hours in ${THIS_YEAR}`);

    const reads = [
      // For reference: a light signed-in read (sign-in from memory, one small query), near the ceiling sign-in and request logging leave.
      { label: 'for reference, GET /api/user', path: () => '/api/user', requests: REQUESTS, reference: true },
      {
        label: 'GET /api/manager/{id}/stats?year=',
        path: () => `/api/manager/${manager.id}/stats?year=${randomYear()}`,
        requests: REQUESTS,
        reference: false,
      },
      {
        label: 'GET /api/manager/{id}/employees',
        path: () => `/api/manager/${manager.id}/employees`,
        requests: REQUESTS,
        reference: false,
      },
      {
        label: 'GET /api/manager/{id}/entries?year=',
        path: () => `/api/manager/${manager.id}/entries?year=${randomYear()}`,
        requests: ENTRIES_REQUESTS,
        reference: false,
      },
    ];
    const results: Measured[] = [];
    for (const { label, path, requests, reference } of reads) {
      const sendOne = () => client.send(label, path(), { headers }).then(() => {});
      await measureLatency(CLIENTS, Math.min(1_000, requests), sendOne); // warm-up
      const measured = await measureLatency(CLIENTS, requests, sendOne);
      const bytes = Buffer.byteLength(await client.send(label, path(), { headers }));
      results.push({ label, reference, bytes, product: measured, floor: await measureFloor(bytes, CLIENTS, requests) });
    }
    console.log(`Throughput with ${CLIENTS} concurrent clients, against the bare-Express floor:`);
    for (const result of results) console.log(report(result));
  } finally {
    client.close();
    await product.stop();
    await database.drop();
  }
}

await main();
