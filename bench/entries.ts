/**
 * Entries benchmark (issues 4 and 14). Starts the product as `npm start` does (its own process) on
 * a fresh database, seeds 1,000 users and 200,000 entries through the event store (one stream per
 * user and per entry, as the API writes them) and waits for the product's projections to build the
 * read models. Then, over HTTP, each request signed in as the user whose data it reads:
 *   - GET /api/entries?userId=&year= and GET /api/stats?userId=&year= (random users and years)
 *     under 50 connections against the bare-Express floor sending a body of the same size, and
 *     their conditional repeat reads (see `support/against-floor.ts`);
 *   - the time to bulk-log 500 rows with POST /api/entries/bulk, read-your-writes included (the
 *     rows are listed by the very next read) (target: under 2 s).
 *
 * Run: `npx tsx bench/entries.ts`, or `npm run bench -- entries`. Sizes: BENCH_USERS,
 * BENCH_ENTRIES, BENCH_REQUESTS, BENCH_CLIENTS. A quick check on a small dataset:
 * `BENCH_USERS=100 BENCH_ENTRIES=4000 BENCH_REQUESTS=300 npx tsx bench/entries.ts`.
 * It always starts its own product (seeding needs the database).
 */
import { seededRandom } from '@tht/test-kit/organisation';
import { compareWithFloor } from './support/against-floor';
import { BENCH_METRICS_TOKEN, formatCpuPerRequest, formatHitRates, productFigures } from './support/product-figures';
import { httpJson, type LoadRequest } from './support/load';
import { benchSeed, type SeededUser } from './support/seed';
import { signedInAs, withSeededProduct } from './support/seeded-product';
import { medianAndMax } from './support/report';

const USERS = Number(process.env.BENCH_USERS ?? 1_000);
const ENTRIES = Number(process.env.BENCH_ENTRIES ?? 200_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 5_000);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 50);
const TARGET_RATIO = 0.6;
const BULK_ROWS = 500;
const BULK_RUNS = 5;
const YEARS = [2023, 2024, 2025] as const;

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
  const started = performance.now();
  const result = (await httpJson(baseUrl, {
    method: 'POST',
    path: '/api/entries/bulk',
    headers: signedInAs(user, true),
    body: JSON.stringify({ entries, validateData: true }),
  })) as { created: number };
  const elapsed = performance.now() - started;
  if (result.created !== BULK_ROWS) throw new Error(`bulk run ${run} created ${result.created} of ${BULK_ROWS}`);
  const listed = (await httpJson(baseUrl, { path: `/api/entries?userId=${user.id}&year=2025`, headers: signedInAs(user) })) as {
    trainingName: string;
  }[];
  if (listed.filter((row) => row.trainingName.startsWith(`Bulk course ${run}-`)).length !== BULK_ROWS) {
    throw new Error(`bulk run ${run}: the rows were not all readable right after the response`);
  }
  return elapsed;
}

await withSeededProduct(
  benchSeed({ people: USERS, entries: ENTRIES, years: YEARS, seed: 42 }),
  async ({ baseUrl, users }) => {
    const random = seededRandom(7);
    /** Reads of random users' data in random years, each signed in as that user. */
    const reads = (path: (user: SeededUser, year: number) => string): LoadRequest[] =>
      Array.from({ length: Math.min(REQUESTS, 2_000) }, () => {
        const user = random.pick(users);
        const year = random.pick(YEARS);
        return { path: path(user, year), headers: signedInAs(user) };
      });
    const comparison = await compareWithFloor(baseUrl, CLIENTS);
    const figuresBefore = await productFigures(baseUrl);
    try {
      for (const [label, path] of [
        ['GET /api/entries?userId=&year=', (user: SeededUser, year: number) => `/api/entries?userId=${user.id}&year=${year}`],
        ['GET /api/stats?userId=&year=', (user: SeededUser, year: number) => `/api/stats?userId=${user.id}&year=${year}`],
      ] as const) {
        await comparison.measure({ label, requests: reads(path), amount: REQUESTS, target: TARGET_RATIO });
      }
    } finally {
      comparison.close();
    }
    // Reference: the product's CPU per request, and how often a read's sign-in and body came from memory.
    const figuresAfter = await productFigures(baseUrl);
    console.log(formatCpuPerRequest(figuresBefore, figuresAfter));
    for (const line of formatHitRates(figuresBefore, figuresAfter)) console.log(line);

    const timings: number[] = [];
    for (let run = 0; run < BULK_RUNS; run += 1) timings.push(await bulkLog(baseUrl, users.at(-1)!, run));
    console.log(
      `  POST /api/entries/bulk with ${BULK_ROWS} rows, read-your-writes included, ${BULK_RUNS} runs: ${medianAndMax(timings)} (target < 2000 ms)`,
    );
  },
  { env: { METRICS_TOKEN: BENCH_METRICS_TOKEN } },
);
