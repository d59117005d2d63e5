/**
 * Writes benchmark (issue 14). Starts the product as `npm start` does (its own process) on a fresh
 * database of an embedded PostgreSQL with the product's own durable settings (fsync on), seeds
 * BENCH_USERS people and BENCH_ENTRIES entries through the event store and waits for the
 * projections. Then, under BENCH_CLIENTS connections (closed loop), each request signed in as a
 * different seeded user logging an entry of their own:
 *   - POST /api/entries on the product: validation, the entry decider, the append to the event
 *     store and the wait until the read models include it (read-your-writes: the response is read
 *     from the read model, and a sample of writes is checked to be listed by the very next read);
 *   - the plain-CRUD baseline measured in the same run (support/crud-baseline-server.ts): the same
 *     validation (the same zod schema), one INSERT into a table of the same PostgreSQL and the row
 *     sent back, no events;
 * and reports both with p50/p95 and the ratio (target: at least 0.6 of the baseline's throughput, issue 34).
 *
 * Run: `npx tsx bench/writes.ts`, or `npm run bench -- writes`. Sizes: BENCH_USERS (1000),
 * BENCH_ENTRIES (20000), BENCH_CLIENTS (50), BENCH_WRITES (3000). A quick check:
 * `BENCH_USERS=100 BENCH_ENTRIES=1000 BENCH_WRITES=300 npx tsx bench/writes.ts`.
 */
import { entryViewSchema } from '@tht/contracts';
import { freePort } from '@tht/test-kit';
import { spawnServer } from './support/floor';
import { httpJson, startLoadGenerator, type LoadRequest } from './support/load';
import { emitRow, loadAverageText, ratioRow } from './support/report';
import { benchSeed } from './support/seed';
import { entryWrites, withSeededProduct } from './support/seeded-product';

const USERS = Number(process.env.BENCH_USERS ?? 1_000);
const ENTRIES = Number(process.env.BENCH_ENTRIES ?? 20_000);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 50);
const WRITES = Number(process.env.BENCH_WRITES ?? 3_000);
const TARGET_RATIO = 0.6;
const READ_YOUR_WRITES_CHECKS = 20;

const THIS_YEAR = new Date().getFullYear();
const seed = benchSeed({ people: USERS, entries: ENTRIES, years: [THIS_YEAR - 1, THIS_YEAR], seed: 14 });

/** Each write's entry is in its author's list of the year at the very next read. */
async function checkReadYourWrites(baseUrl: string, requests: readonly LoadRequest[]): Promise<void> {
  for (const request of requests.slice(0, READ_YOUR_WRITES_CHECKS)) {
    const written = entryViewSchema.parse(await httpJson(baseUrl, request));
    const listed = (await httpJson(baseUrl, {
      path: `/api/entries?userId=${written.userId}&year=${THIS_YEAR}`,
      headers: { authorization: request.headers!.authorization! },
    })) as { id: number }[];
    if (!listed.some((row) => row.id === written.id)) throw new Error(`entry ${written.id} was not listed by the next read`);
  }
  console.log(`  read-your-writes: ${READ_YOUR_WRITES_CHECKS} entries, each listed by its author's next read`);
}

await withSeededProduct(
  seed,
  async ({ baseUrl, connectionString, users }) => {
    const requests = entryWrites(seed.organisation, users, { count: Math.min(WRITES, 5_000), seed: 3 });
    await checkReadYourWrites(baseUrl, requests);

    const port = await freePort();
    const baseline = await spawnServer('bench/support/crud-baseline-server.ts', [String(port)], { DATABASE_URL: connectionString });
    const load = startLoadGenerator();
    try {
      console.log(`  POST /api/entries (${loadAverageText()})`);
      const product = await load.measure({ baseUrl, connections: CLIENTS, amount: WRITES, requests, expectStatus: 201 });
      const crud = await load.measure({
        baseUrl: `http://127.0.0.1:${port}`,
        connections: CLIENTS,
        amount: WRITES,
        requests: requests.map((request) => ({ ...request, path: '/entries' })),
        expectStatus: 201,
      });
      emitRow({
        ...ratioRow('POST /api/entries, read-your-writes included', CLIENTS, product, crud.requestsPerSecond, TARGET_RATIO),
        note: `baseline: plain CRUD, p50 ${crud.p50Ms.toFixed(1)} ms, p95 ${crud.p95Ms.toFixed(1)} ms`,
      });
    } finally {
      load.close();
      baseline.kill();
    }
  },
  { durable: true },
);
