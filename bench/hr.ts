/**
 * HR View benchmark (issue 10). Starts the product as `npm start` does (its own process) on a
 * fresh database, seeds 1,000 users in 10 departments and 200,000 entries over three years through
 * the event store, then, as HR through the API, sets this year's company target and assigns
 * everyone's target in one bulk request, and waits for the projections. Then, signed in as HR:
 *   - the throughput of GET /api/hr/stats?year= and GET /api/hr/users?year= (a random year of the
 *     three) under 50 concurrent clients (closed loop), each against the same loop on a bare Express
 *     handler sending a body of the same size, measured in the same run (target: at least 0.6);
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
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { bulkTargetResultSchema, hrStatsSchema, hrUsersSchema } from '@tht/contracts';
import { createTestDatabase } from '@tht/postgres/testing';
import { startProduct } from '../e2e/src/support/product';
import { measureFloor } from './support/floor';
import { createLoadClient, formatLatency, measureLatency } from './support/load';
import { pidListeningOn, withPeakMemory } from './support/process-memory';
import { managersOf, organisationPlan, random, secondsSince, seedThroughEventStore, syntheticEntry } from './support/seed';

const USERS = Number(process.env.BENCH_USERS ?? 1_000);
const ENTRIES = Number(process.env.BENCH_ENTRIES ?? 200_000);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 50);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 3_000);
const FRESH_READS = Number(process.env.BENCH_FRESH_READS ?? 10);
const TARGET_RATIO = 0.6;
const EXPORT_TARGETS = { csv: { seconds: 5 }, xlsx: { seconds: 20 }, growthMb: 150 };

const THIS_YEAR = new Date().getFullYear();
const YEARS = [THIS_YEAR - 2, THIS_YEAR - 1, THIS_YEAR] as const;
/** The first user after the managers is the HR user. */
const HR_INDEX = managersOf(USERS);

if (USERS < HR_INDEX + 2) throw new Error(`BENCH_USERS must be at least ${HR_INDEX + 2}`);

const seedPlan = () => organisationPlan({ users: USERS, entries: ENTRIES, years: YEARS, roles: { [HR_INDEX]: 'hr' }, seed: 10 });

/** Downloads `path` to the end, counting bytes and lines, keeping its first 2 characters; resolves with the time to the last byte. */
function download(
  baseUrl: string,
  path: string,
  headers: Record<string, string>,
): Promise<{ seconds: number; bytes: number; lines: number; head: string }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    http
      .get(`${baseUrl}${path}`, { headers }, (response) => {
        if (response.statusCode !== 200) reject(new Error(`${path} answered ${response.statusCode}`));
        let bytes = 0;
        let lines = 0;
        let head = '';
        response.on('data', (chunk: Buffer) => {
          if (head === '') head = chunk.toString('latin1', 0, 2);
          bytes += chunk.length;
          for (let index = chunk.indexOf(10); index !== -1; index = chunk.indexOf(10, index + 1)) lines += 1;
        });
        response.on('error', reject);
        response.on('end', () => resolve({ seconds: secondsSince(started), bytes, lines, head }));
      })
      .on('error', reject);
  });
}

const verdict = (ok: boolean) => (ok ? 'ok' : 'BELOW TARGET');

async function main(): Promise<void> {
  const database = await createTestDatabase();
  const jwtSecret = randomBytes(32).toString('hex');
  console.log('Starting the product as `npm start` does, on a fresh database...');
  const product = await startProduct({ DATABASE_URL: database.connectionString, JWT_SECRET: jwtSecret });
  const client = createLoadClient(product.baseUrl, CLIENTS);
  try {
    const users = await seedThroughEventStore(database.connectionString, jwtSecret, seedPlan());
    const hr = { authorization: `Bearer ${users[HR_INDEX]!.token}` };
    const post = (label: string, path: string, body: unknown) =>
      client.send(label, path, {
        method: 'POST',
        headers: { ...hr, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });

    await post('set target', '/api/yearly-targets', { year: THIS_YEAR, targetHours: 40 * USERS, description: 'Bench target' });
    const assigned = performance.now();
    const bulk = bulkTargetResultSchema.parse(
      JSON.parse(await post('bulk targets', '/api/user-targets/bulk', { year: THIS_YEAR })),
    );
    console.log(
      `  POST /api/user-targets/bulk for everyone: ${bulk.created} targets of ${bulk.targetHours} hours in ${secondsSince(assigned).toFixed(2)} s (read-your-writes included)`,
    );

    const statsPath = (year: number) => `/api/hr/stats?year=${year}`;
    const usersPath = (year: number) => `/api/hr/users?year=${year}`;
    const stats = hrStatsSchema.parse(JSON.parse(await client.send('stats', statsPath(THIS_YEAR), { headers: hr })));
    const people = hrUsersSchema.parse(JSON.parse(await client.send('users', usersPath(THIS_YEAR), { headers: hr })));
    // The seeded users and the start-up admin.
    const accounts = USERS + 1;
    if (stats.totalUsers !== accounts || people.length !== accounts)
      throw new Error(`HR sees ${stats.totalUsers} users and lists ${people.length}, not ${accounts}`);
    console.log(
      `  ${THIS_YEAR}: ${stats.completedTraining} entries, ${stats.totalHours} hours, ${stats.innovativeEntries} innovative; target ${stats.target?.progressPercent}%`,
    );

    const fresh: Record<string, number[]> = { stats: [], users: [] };
    for (let round = 0; round < FRESH_READS; round += 1) {
      const author = users[HR_INDEX + 1 + (round % (USERS - HR_INDEX - 1))]!;
      const entry = syntheticEntry(round, author, random(round + 1), [THIS_YEAR], 'Bench Manager');
      await client.send('log entry', '/api/entries', {
        method: 'POST',
        headers: { authorization: `Bearer ${author.token}`, 'content-type': 'application/json' },
        body: JSON.stringify(entry),
      });
      for (const [name, path] of [
        ['stats', statsPath(THIS_YEAR)],
        ['users', usersPath(THIS_YEAR)],
      ] as const) {
        const started = performance.now();
        await client.send(`fresh ${name}`, path, { headers: hr });
        fresh[name]!.push(performance.now() - started);
      }
    }
    for (const [name, timings] of Object.entries(fresh)) {
      timings.sort((a, b) => a - b);
      console.log(
        `  GET /api/hr/${name} computed afresh (first read after a change), ${FRESH_READS} reads: median ${timings[Math.floor(timings.length / 2)]!.toFixed(1)} ms, max ${timings.at(-1)!.toFixed(1)} ms`,
      );
    }

    const pick = random(7);
    const randomYear = () => YEARS[Math.floor(pick() * YEARS.length)]!;
    const throughput = async (label: string, path: () => string) => {
      const sendOne = () => client.send(label, path(), { headers: hr }).then(() => {});
      await measureLatency(CLIENTS, Math.min(1_000, REQUESTS), sendOne); // warm-up
      const measured = await measureLatency(CLIENTS, REQUESTS, sendOne);
      console.log(formatLatency(`  ${label}, ${CLIENTS} clients`, measured));
      return measured;
    };
    // For reference: a light signed-in read (sign-in from memory, one small query), near the ceiling any signed-in read has.
    await throughput('for reference, GET /api/user', () => '/api/user');
    for (const [label, path] of [
      ['GET /api/hr/stats?year=', statsPath],
      ['GET /api/hr/users?year=', usersPath],
    ] as const) {
      const measured = await throughput(label, () => path(randomYear()));
      const bytes = Buffer.byteLength(await client.send(label, path(THIS_YEAR), { headers: hr }));
      const floor = await measureFloor(bytes, CLIENTS, REQUESTS);
      const ratio = measured.requestsPerSecond / floor.requestsPerSecond;
      console.log(formatLatency(`  bare Express sending the same ${bytes} bytes, ${CLIENTS} clients`, floor));
      console.log(
        `  ${label}: ratio ${ratio.toFixed(2)} to the floor (target >= ${TARGET_RATIO}) ${verdict(ratio >= TARGET_RATIO)}`,
      );
    }

    const apiPid = await pidListeningOn(Number(new URL(product.baseUrl).port));
    for (const format of ['csv', 'xlsx'] as const) {
      const { result, beforeMb, peakMb } = await withPeakMemory(apiPid, () =>
        download(product.baseUrl, `/api/export?format=${format}`, hr),
      );
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
  } finally {
    client.close();
    await product.stop();
    await database.drop();
  }
}

await main();
