/**
 * Admin user list benchmark (issue 12). Starts the product as `npm start` does (its own process) on
 * a fresh database, seeds BENCH_USERS people through the event store (one manager per 20, one
 * admin), then, signed in as the admin, measures `GET /api/admin/users?page=` (50 users a page with
 * their direct reports, random pages) under BENCH_CLIENTS connections (closed loop) against the
 * bare-Express floor sending a body of the same size, in the same run (target: at least 0.6 of
 * that floor), and its conditional repeat read; and, for reference, a search (`?search=`) and a
 * role filter.
 *
 * Run: `npx tsx bench/admin-users.ts`, or `npm run bench -- admin-users`. Sizes: BENCH_USERS (5000),
 * BENCH_CLIENTS (50), BENCH_REQUESTS (3000). A quick check on a small dataset:
 * `BENCH_USERS=500 BENCH_REQUESTS=300 npx tsx bench/admin-users.ts`.
 */
import { adminUsersPageSchema, fullName, PEOPLE_PAGE_SIZE } from '@tht/contracts';
import { compareWithFloor } from './support/against-floor';
import { httpJson, type LoadRequest } from './support/load';
import { managerCount, personWithRole, seededRandom } from '@tht/test-kit/organisation';
import { benchSeed } from './support/seed';
import { signedInAs, withSeededProduct } from './support/seeded-product';

const USERS = Number(process.env.BENCH_USERS ?? 5_000);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 50);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 3_000);
const TARGET_RATIO = 0.6;

const seed = benchSeed({ people: USERS, entries: 0, years: [2025], seed: 5 });
const { organisation } = seed;

await withSeededProduct(seed, async ({ baseUrl, users }) => {
  const headers = signedInAs(users[personWithRole(organisation, 'admin').index]!);
  const first = adminUsersPageSchema.parse(await httpJson(baseUrl, { path: '/api/admin/users?page=1', headers }));
  console.log(
    `  ${first.total} users on ${first.totalPages} pages; page 1 lists ${first.users.length}, the first with ${first.users[0]!.directReports.length} direct reports`,
  );

  const random = seededRandom(11);
  const pages = Math.ceil(first.total / PEOPLE_PAGE_SIZE);
  const managerPages = Math.ceil(managerCount(organisation.size) / PEOPLE_PAGE_SIZE);
  const requests = (path: () => string): LoadRequest[] => Array.from({ length: 300 }, () => ({ path: path(), headers }));
  const comparison = await compareWithFloor(baseUrl, CLIENTS);
  try {
    await comparison.measure({
      label: 'GET /api/admin/users?page= (random pages)',
      requests: requests(() => `/api/admin/users?page=${1 + random.int(pages)}`),
      amount: REQUESTS,
      target: TARGET_RATIO,
    });
    await comparison.measure({
      label: 'for reference, ?search= (a name, random)',
      requests: requests(() => `/api/admin/users?search=${encodeURIComponent(fullName(random.pick(organisation.people)))}`),
      amount: REQUESTS,
      target: null,
    });
    await comparison.measure({
      label: 'for reference, ?role=manager&page=',
      requests: requests(() => `/api/admin/users?role=manager&page=${1 + random.int(managerPages)}`),
      amount: REQUESTS,
      target: null,
    });
  } finally {
    comparison.close();
  }
});
