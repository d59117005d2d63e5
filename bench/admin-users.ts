/**
 * Admin user list benchmark (issue 12). Starts the product as `npm start` does (its own process) on
 * a fresh database, seeds BENCH_USERS people through the event store (one manager per 20, one
 * admin), then, signed in as the admin, measures `GET /api/admin/users?page=` (50 users a page with
 * their direct reports, random pages) under BENCH_CLIENTS concurrent clients (closed loop) against
 * a bare Express handler sending a body of the same size, in the same run (target: at least 0.6 of
 * that floor); and, for reference, a search (`?search=`) and a role filter.
 *
 * Run: `npx tsx bench/admin-users.ts`, or `npm run bench -- admin-users`. Sizes: BENCH_USERS (5000),
 * BENCH_CLIENTS (50), BENCH_REQUESTS (3000). A quick check on a small dataset:
 * `BENCH_USERS=500 BENCH_REQUESTS=300 npx tsx bench/admin-users.ts`.
 */
import { randomBytes } from 'node:crypto';
import { adminUsersPageSchema, ADMIN_USERS_PAGE_SIZE } from '@tht/contracts';
import { createTestDatabase } from '@tht/postgres/testing';
import { startProduct } from '../e2e/src/support/product';
import { measureFloor } from './support/floor';
import { createLoadClient, measureLatency } from './support/load';
import { managersFor, organisationPlan } from './support/organisation-plan';
import { random, seedThroughEventStore } from './support/seed';

const USERS = Number(process.env.BENCH_USERS ?? 5_000);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 50);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 3_000);
const TARGET_RATIO = 0.6;

async function main(): Promise<void> {
  const database = await createTestDatabase();
  const jwtSecret = randomBytes(32).toString('hex');
  console.log('Starting the product as `npm start` does, on a fresh database...');
  const product = await startProduct({ DATABASE_URL: database.connectionString, JWT_SECRET: jwtSecret });
  const client = createLoadClient(product.baseUrl, CLIENTS);
  try {
    const adminIndex = managersFor(USERS);
    const plan = organisationPlan({ users: USERS, entries: 0, years: [2025], seed: 5, roles: { [adminIndex]: 'admin' } });
    const admin = (await seedThroughEventStore(database.connectionString, jwtSecret, plan))[adminIndex]!;
    const headers = { authorization: `Bearer ${admin.token}` };
    const first = adminUsersPageSchema.parse(JSON.parse(await client.send('page 1', '/api/admin/users?page=1', { headers })));
    console.log(
      `  ${first.total} users on ${first.totalPages} pages; page 1 lists ${first.users.length}, the first with ${first.users[0]!.directReports.length} direct reports`,
    );

    const pick = random(11);
    const pages = Math.ceil(first.total / ADMIN_USERS_PAGE_SIZE);
    const reads = [
      {
        label: 'GET /api/admin/users?page= (random pages)',
        reference: false,
        path: () => `/api/admin/users?page=${1 + Math.floor(pick() * pages)}`,
      },
      {
        label: 'for reference, ?search= (a name, random)',
        reference: true,
        path: () => `/api/admin/users?search=Last${Math.floor(pick() * USERS)}`,
      },
      {
        label: 'for reference, ?role=manager&page=',
        reference: true,
        path: () =>
          `/api/admin/users?role=manager&page=${1 + Math.floor(pick() * Math.ceil(managersFor(USERS) / ADMIN_USERS_PAGE_SIZE))}`,
      },
    ];
    console.log(`Throughput with ${CLIENTS} concurrent clients, against the bare-Express floor:`);
    for (const { label, reference, path } of reads) {
      const sendOne = () => client.send(label, path(), { headers }).then(() => {});
      await measureLatency(CLIENTS, Math.min(1_000, REQUESTS), sendOne); // warm-up
      const measured = await measureLatency(CLIENTS, REQUESTS, sendOne);
      const bytes = Buffer.byteLength(await client.send(label, path(), { headers }));
      const floor = await measureFloor(bytes, CLIENTS, REQUESTS);
      const ratio = measured.requestsPerSecond / floor.requestsPerSecond;
      const verdict = reference ? '' : ` (target >= ${TARGET_RATIO}) ${ratio >= TARGET_RATIO ? 'ok' : 'BELOW TARGET'}`;
      console.log(
        `  ${label}: ${measured.requestsPerSecond.toFixed(0)} req/s (p50 ${measured.p50Ms.toFixed(1)} ms, p95 ${measured.p95Ms.toFixed(1)} ms); ` +
          `bare Express with the same ${bytes} bytes: ${floor.requestsPerSecond.toFixed(0)} req/s; ratio ${ratio.toFixed(2)}${verdict}`,
      );
    }
  } finally {
    client.close();
    await product.stop();
    await database.drop();
  }
}

await main();
