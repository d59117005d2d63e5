/**
 * HR View benchmark (issue 10). Starts the product as `npm start` does (its own process) on a
 * fresh database, seeds 1,000 users in 10 departments and 200,000 entries over three years through
 * the event store, then, as HR through the API, sets this year's company target and assigns
 * everyone's target in one bulk request, and waits for the projections. Then, signed in as HR:
 *   - the throughput of GET /api/hr/stats?year= and GET /api/hr/users?year= (a random year of the
 *     three) under 50 connections (closed loop), each against the bare-Express floor sending a body
 *     of the same size, measured in the same run (target: at least 0.6), and their conditional
 *     repeat reads (see `support/against-floor.ts`);
 *   - for reference, the latency of both when computed afresh (the first read after a change);
 *   - the export of all entries as CSV and as XLSX (GET /api/export, ?format=xlsx): seconds to the
 *     last byte and the API process's peak resident memory growth while it runs (targets: CSV under
 *     5 s, XLSX under 20 s, growth under 150 MB).
 *
 * Run: `npx tsx bench/hr.ts`, or `npm run bench -- hr`. Sizes: BENCH_USERS (1000), BENCH_ENTRIES
 * (200000), BENCH_CLIENTS (50), BENCH_REQUESTS (3000 per read), BENCH_FRESH_READS (10). A quick
 * check on a small dataset:
 * `BENCH_USERS=100 BENCH_ENTRIES=4000 BENCH_REQUESTS=300 BENCH_FRESH_READS=3 npx tsx bench/hr.ts`.
 * It always starts its own product (seeding needs the database). Linux only (reads /proc for memory).
 */
import { bulkTargetResultSchema, hrStatsSchema, hrUsersSchema } from '@tht/contracts';
import { personWithRole, seededRandom } from '@tht/test-kit/organisation';
import { compareWithFloor } from './support/against-floor';
import { download } from './support/download';
import { httpJson, httpRequest, type LoadRequest } from './support/load';
import { pidListeningOn, withPeakMemory } from './support/process-memory';
import { medianAndMax } from './support/report';
import { benchSeed, secondsSince } from './support/seed';
import { entryWrites, signedInAs, withSeededProduct } from './support/seeded-product';

const USERS = Number(process.env.BENCH_USERS ?? 1_000);
const ENTRIES = Number(process.env.BENCH_ENTRIES ?? 200_000);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 50);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 3_000);
const FRESH_READS = Number(process.env.BENCH_FRESH_READS ?? 10);
const TARGET_RATIO = 0.6;
const EXPORT_TARGETS = { csv: { seconds: 5 }, xlsx: { seconds: 20 }, growthMb: 150 };

const THIS_YEAR = new Date().getFullYear();
const YEARS = [THIS_YEAR - 2, THIS_YEAR - 1, THIS_YEAR] as const;
const seed = benchSeed({ people: USERS, entries: ENTRIES, years: YEARS, seed: 10 });
const HR_INDEX = personWithRole(seed.organisation, 'hr').index;

const verdict = (ok: boolean) => (ok ? 'ok' : 'BELOW TARGET');

await withSeededProduct(seed, async ({ baseUrl, users }) => {
  const hr = signedInAs(users[HR_INDEX]!);
  const post = (path: string, body: unknown) =>
    httpJson(baseUrl, { method: 'POST', path, headers: signedInAs(users[HR_INDEX]!, true), body: JSON.stringify(body) });

  await post('/api/yearly-targets', { year: THIS_YEAR, targetHours: 40 * USERS, description: 'Bench target' });
  const assigned = performance.now();
  const bulk = bulkTargetResultSchema.parse(await post('/api/user-targets/bulk', { year: THIS_YEAR }));
  console.log(
    `  POST /api/user-targets/bulk for everyone: ${bulk.created} targets of ${bulk.targetHours} hours in ${secondsSince(assigned).toFixed(2)} s (read-your-writes included)`,
  );

  const statsPath = (year: number) => `/api/hr/stats?year=${year}`;
  const usersPath = (year: number) => `/api/hr/users?year=${year}`;
  const stats = hrStatsSchema.parse(await httpJson(baseUrl, { path: statsPath(THIS_YEAR), headers: hr }));
  const people = hrUsersSchema.parse(await httpJson(baseUrl, { path: usersPath(THIS_YEAR), headers: hr }));
  // The seeded users and the start-up admin.
  const accounts = USERS + 1;
  if (stats.totalUsers !== accounts || people.length !== accounts)
    throw new Error(`HR sees ${stats.totalUsers} users and lists ${people.length}, not ${accounts}`);
  console.log(
    `  ${THIS_YEAR}: ${stats.completedTraining} entries, ${stats.totalHours} hours, ${stats.innovativeEntries} innovative; target ${stats.target?.progressPercent}%`,
  );

  const fresh: Record<string, number[]> = { stats: [], users: [] };
  for (const write of entryWrites(seed.organisation, users, { count: FRESH_READS, seed: 1 })) {
    await httpRequest(baseUrl, write);
    for (const [name, path] of [
      ['stats', statsPath(THIS_YEAR)],
      ['users', usersPath(THIS_YEAR)],
    ] as const) {
      const started = performance.now();
      await httpRequest(baseUrl, { path, headers: hr });
      fresh[name]!.push(performance.now() - started);
    }
  }
  for (const [name, timings] of Object.entries(fresh)) {
    console.log(
      `  GET /api/hr/${name} computed afresh (first read after a change), ${FRESH_READS} reads: ${medianAndMax(timings)}`,
    );
  }

  const random = seededRandom(7);
  const requests = (path: (year: number) => string): LoadRequest[] =>
    Array.from({ length: 300 }, () => ({ path: path(random.pick(YEARS)), headers: hr }));
  const comparison = await compareWithFloor(baseUrl, CLIENTS);
  try {
    // For reference: a light signed-in read (sign-in from memory, one small query), near the ceiling any signed-in read has.
    await comparison.measure({
      label: 'for reference, GET /api/user',
      requests: [{ path: '/api/user', headers: hr }],
      amount: REQUESTS,
      target: null,
    });
    await comparison.measure({
      label: 'GET /api/hr/stats?year=',
      requests: requests(statsPath),
      amount: REQUESTS,
      target: TARGET_RATIO,
    });
    await comparison.measure({
      label: 'GET /api/hr/users?year=',
      requests: requests(usersPath),
      amount: REQUESTS,
      target: TARGET_RATIO,
    });
  } finally {
    comparison.close();
  }

  const apiPid = await pidListeningOn(Number(new URL(baseUrl).port));
  for (const format of ['csv', 'xlsx'] as const) {
    const { result, beforeMb, peakMb } = await withPeakMemory(apiPid, () => download(baseUrl, `/api/export?format=${format}`, hr));
    const growth = peakMb - beforeMb;
    if (format === 'csv' && result.lines !== ENTRIES + FRESH_READS + 1)
      throw new Error(`the CSV has ${result.lines} lines, not ${ENTRIES + FRESH_READS + 1}`);
    if (format === 'xlsx' && result.head !== 'PK') throw new Error('the XLSX is not a zip file');
    const target = EXPORT_TARGETS[format];
    console.log(
      `  GET /api/export?format=${format} (${ENTRIES + FRESH_READS} entries, ${(result.bytes / 1e6).toFixed(1)} MB): ${result.seconds.toFixed(2)} s ` +
        `(target < ${target.seconds} s) ${verdict(result.seconds < target.seconds)}; API resident memory ${beforeMb.toFixed(0)} MB, ` +
        `peak ${peakMb.toFixed(0)} MB, growth ${growth.toFixed(0)} MB (target < ${EXPORT_TARGETS.growthMb} MB) ${verdict(growth < EXPORT_TARGETS.growthMb)}`,
    );
  }
});
