/**
 * Manager View benchmark (issue 9). Starts the product as `npm start` does (its own process) on a
 * fresh database, seeds 1,000 users and 200,000 entries through the event store, managers
 * having up to 40 direct reports, and waits for the projections. Then, signed in as that manager, the
 * throughput of each of the three Manager View reads under 50 connections (closed loop), each
 * set against the bare-Express floor sending a body of the same size, measured in the same run
 * (target: at least 0.6 of that floor), with their conditional repeat reads (support/against-floor.ts):
 *   GET /api/manager/{id}/stats?year=, GET /api/manager/{id}/employees, GET /api/manager/{id}/entries?year=
 * and, for reference, GET /api/user (a light signed-in read): near the ceiling any signed-in read has.
 *
 * Run: `npx tsx bench/manager.ts`, or `npm run bench -- manager`. Sizes: BENCH_USERS (1000),
 * BENCH_ENTRIES (200000), BENCH_REPORTS (40), BENCH_CLIENTS (50), BENCH_REQUESTS (3000 per small
 * read), BENCH_ENTRIES_REQUESTS (500 for the entries list, about 1 MB each). A quick check on a
 * small dataset: `BENCH_USERS=100 BENCH_ENTRIES=4000 BENCH_REQUESTS=300 BENCH_ENTRIES_REQUESTS=100 npx tsx bench/manager.ts`.
 * It always starts its own product (seeding needs the database).
 */
import { managerStatsSchema } from '@tht/contracts';
import { personWithRole, seededRandom } from '@tht/test-kit/organisation';
import { compareWithFloor } from './support/against-floor';
import { httpJson, type LoadRequest } from './support/load';
import { benchSeed } from './support/seed';
import { signedInAs, withSeededProduct } from './support/seeded-product';

const USERS = Number(process.env.BENCH_USERS ?? 1_000);
const ENTRIES = Number(process.env.BENCH_ENTRIES ?? 200_000);
const REPORTS = Number(process.env.BENCH_REPORTS ?? 40);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 50);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 3_000);
const ENTRIES_REQUESTS = Number(process.env.BENCH_ENTRIES_REQUESTS ?? 500);
const TARGET_RATIO = 0.6;

const THIS_YEAR = new Date().getFullYear();
const YEARS = [THIS_YEAR - 2, THIS_YEAR - 1, THIS_YEAR] as const;
const seed = benchSeed({ people: USERS, entries: ENTRIES, years: YEARS, seed: 9, teamSize: REPORTS });
/** The measured manager, and how many report to them. */
const MANAGER = personWithRole(seed.organisation, 'manager');
const TEAM = seed.organisation.people.filter((person) => person.managerIndex === MANAGER.index).length;

await withSeededProduct(seed, async ({ baseUrl, users }) => {
  const manager = users[MANAGER.index]!;
  const headers = signedInAs(manager);
  const random = seededRandom(7);
  const randomYear = () => random.pick(YEARS);

  const stats = managerStatsSchema.parse(
    await httpJson(baseUrl, { path: `/api/manager/${manager.id}/stats?year=${THIS_YEAR}`, headers }),
  );
  if (stats.totalEmployees !== TEAM) throw new Error(`the manager has ${stats.totalEmployees} reports, not ${TEAM}`);
  console.log(`  the team of ${TEAM}: ${stats.completedTraining} entries and ${stats.totalHours} hours in ${THIS_YEAR}`);

  const requests = (path: () => string): LoadRequest[] => Array.from({ length: 300 }, () => ({ path: path(), headers }));
  const reads = [
    // For reference: a light signed-in read (sign-in from memory, one small query), near the ceiling sign-in and request logging leave.
    { label: 'for reference, GET /api/user', requests: requests(() => '/api/user'), amount: REQUESTS, target: null },
    {
      label: 'GET /api/manager/{id}/stats?year=',
      requests: requests(() => `/api/manager/${manager.id}/stats?year=${randomYear()}`),
      amount: REQUESTS,
      target: TARGET_RATIO,
    },
    {
      label: 'GET /api/manager/{id}/employees',
      requests: requests(() => `/api/manager/${manager.id}/employees`),
      amount: REQUESTS,
      target: TARGET_RATIO,
    },
    {
      label: 'GET /api/manager/{id}/entries?year=',
      requests: requests(() => `/api/manager/${manager.id}/entries?year=${randomYear()}`),
      amount: ENTRIES_REQUESTS,
      target: TARGET_RATIO,
    },
  ];
  const comparison = await compareWithFloor(baseUrl, CLIENTS);
  try {
    for (const read of reads) await comparison.measure(read);
  } finally {
    comparison.close();
  }
});
