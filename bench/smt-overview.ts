/**
 * SMT View benchmark (issue 11). Starts the product as `npm start` does (its own process) on a
 * fresh database, seeds 1,000 users in 10 departments and 200,000 entries over three years through
 * the event store, sets a yearly target for each year (as HR, through the API), and waits for the
 * projections. Then, signed in as an SMT user:
 *   - the throughput of GET /api/smt/overview?year= (a random year of the three) under 50
 *     connections (closed loop), against the bare-Express floor sending a body of the same size,
 *     measured in the same run (target: at least 0.6 of that floor), and its conditional repeat
 *     read (see `support/against-floor.ts`);
 *   - for reference, the latency of the overview when it is computed afresh: the first read after
 *     the read models changed (an entry logged just before each read).
 *
 * Run: `npx tsx bench/smt-overview.ts`, or `npm run bench -- smt-overview`. Sizes: BENCH_USERS
 * (1000), BENCH_ENTRIES (200000), BENCH_CLIENTS (50), BENCH_REQUESTS (3000), BENCH_FRESH_READS (20).
 * A quick check on a small dataset:
 * `BENCH_USERS=100 BENCH_ENTRIES=4000 BENCH_REQUESTS=300 BENCH_FRESH_READS=5 npx tsx bench/smt-overview.ts`.
 * It always starts its own product (seeding needs the database).
 */
import { smtOverviewSchema, YEARLY_TARGET_MAX_HOURS } from '@tht/contracts';
import { personWithRole, seededRandom } from '@tht/test-kit/organisation';
import { compareWithFloor } from './support/against-floor';
import { httpJson, httpRequest } from './support/load';
import { medianAndMax } from './support/report';
import { benchSeed } from './support/seed';
import { entryWrites, signedInAs, withSeededProduct } from './support/seeded-product';

const USERS = Number(process.env.BENCH_USERS ?? 1_000);
const ENTRIES = Number(process.env.BENCH_ENTRIES ?? 200_000);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 50);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 3_000);
const FRESH_READS = Number(process.env.BENCH_FRESH_READS ?? 20);
const TARGET_RATIO = 0.6;

const THIS_YEAR = new Date().getFullYear();
const YEARS = [THIS_YEAR - 2, THIS_YEAR - 1, THIS_YEAR] as const;
const seed = benchSeed({ people: USERS, entries: ENTRIES, years: YEARS, seed: 11 });
/** HR sets the targets, the SMT director reads. */
const HR_INDEX = personWithRole(seed.organisation, 'hr').index;
const SMT_INDEX = personWithRole(seed.organisation, 'smt').index;

await withSeededProduct(seed, async ({ baseUrl, users }) => {
  const post = (index: number, path: string, body: unknown) =>
    httpRequest(baseUrl, { method: 'POST', path, headers: signedInAs(users[index]!, true), body: JSON.stringify(body) });
  for (const year of YEARS) {
    await post(HR_INDEX, '/api/yearly-targets', {
      year,
      targetHours: Math.min(YEARLY_TARGET_MAX_HOURS, Math.round(ENTRIES * 2.5)),
      description: 'Bench target',
    });
  }
  const smt = signedInAs(users[SMT_INDEX]!);
  const overviewPath = (year: number) => `/api/smt/overview?year=${year}`;

  const overview = smtOverviewSchema.parse(await httpJson(baseUrl, { path: overviewPath(THIS_YEAR), headers: smt }));
  console.log(
    `  ${THIS_YEAR}: ${overview.activeEmployees} active employees, ${overview.totalHours} hours, ${overview.hoursByDepartment.length} departments, ` +
      `target ${overview.target?.completedPercent}% (${overview.target?.badge}), ${overview.topRatedEntries.length} top rated entries`,
  );

  const fresh: number[] = [];
  // Top rated, so the overview's list changes too.
  for (const write of entryWrites(seed.organisation, users, { count: FRESH_READS, seed: 1, details: { rating: 5 } })) {
    await httpRequest(baseUrl, write);
    const started = performance.now();
    await httpRequest(baseUrl, { path: overviewPath(THIS_YEAR), headers: smt });
    fresh.push(performance.now() - started);
  }
  console.log(`  GET /api/smt/overview computed afresh (first read after a change), ${FRESH_READS} reads: ${medianAndMax(fresh)}`);

  const random = seededRandom(7);
  const comparison = await compareWithFloor(baseUrl, CLIENTS);
  try {
    // For reference: a light signed-in read (sign-in from memory, one small query), near the ceiling any signed-in read has.
    await comparison.measure({
      label: 'for reference, GET /api/user',
      requests: [{ path: '/api/user', headers: smt }],
      amount: REQUESTS,
      target: null,
    });
    const requests = Array.from({ length: 300 }, () => ({
      path: overviewPath(random.pick(YEARS)),
      headers: smt,
    }));
    await comparison.measure({ label: 'GET /api/smt/overview?year=', requests, amount: REQUESTS, target: TARGET_RATIO });
  } finally {
    comparison.close();
  }
});
