/**
 * Health under load benchmark (issue 19). Starts the product as `npm start` does (its own process)
 * on a fresh database with the product's own durable settings (fsync on), seeds BENCH_USERS people
 * and BENCH_ENTRIES entries, then, while BENCH_CLIENTS writers (closed loop) log BENCH_WRITES
 * entries through `POST /api/entries`, asks `GET /api/health` every 200 ms. Reports the write rate,
 * the health answers by status, and their latency percentiles (target: every answer 200 within 50 ms).
 *
 * Run: `npx tsx bench/health-under-load.ts`, or `npm run bench -- health-under-load`. A quick check:
 * `BENCH_USERS=50 BENCH_ENTRIES=500 BENCH_WRITES=3000 npx tsx bench/health-under-load.ts`.
 */
import { randomBytes } from 'node:crypto';
import { httpRequest, startLoadGenerator } from './support/load';
import { emitRow, loadAverageText, referenceRow } from './support/report';
import { benchSeed } from './support/seed';
import { entryWrites, withSeededProduct } from './support/seeded-product';

const USERS = Number(process.env.BENCH_USERS ?? 200);
const ENTRIES = Number(process.env.BENCH_ENTRIES ?? 2_000);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 8);
const WRITES = Number(process.env.BENCH_WRITES ?? 15_000);
const POLL_EVERY_MS = 200;
const TARGET_MS = 50;

const THIS_YEAR = new Date().getFullYear();
const seed = benchSeed({ people: USERS, entries: ENTRIES, years: [THIS_YEAR - 1, THIS_YEAR], seed: 19 });

interface HealthAnswer {
  status: number;
  ms: number;
  lagEvents?: number;
}

/** Asks `GET /api/health` every POLL_EVERY_MS until `stop()`, which returns every answer. */
function pollHealth(baseUrl: string): { stop(): Promise<HealthAnswer[]> } {
  const answers: HealthAnswer[] = [];
  let polling = true;
  const loop = (async () => {
    while (polling) {
      const started = performance.now();
      const response = await fetch(`${baseUrl}/api/health`);
      const body = (await response.json()) as { lagEvents?: number };
      answers.push({ status: response.status, ms: performance.now() - started, lagEvents: body.lagEvents });
      await new Promise((resolve) => setTimeout(resolve, POLL_EVERY_MS));
    }
  })();
  return {
    async stop() {
      polling = false;
      await loop;
      return answers;
    },
  };
}

const METRICS_TOKEN = randomBytes(32).toString('hex');

/** The product process's event-loop delay (p99 and max, ms) since the previous call (prom-client resets it when read). */
async function eventLoopDelay(baseUrl: string): Promise<{ p99: number; max: number }> {
  const text = await (await fetch(`${baseUrl}/api/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
  const seconds = (series: string) =>
    Number(
      text
        .split('\n')
        .find((line) => line.startsWith(`${series} `))
        ?.split(' ')[1],
    );
  return { p99: seconds('nodejs_eventloop_lag_p99_seconds') * 1000, max: seconds('nodejs_eventloop_lag_max_seconds') * 1000 };
}

const percentile = (sorted: readonly number[], share: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)]!;

await withSeededProduct(
  seed,
  async ({ baseUrl, users }) => {
    await httpRequest(baseUrl, { path: '/api/health' }, 200);
    const load = startLoadGenerator();
    try {
      console.log(`  ${CLIENTS} writers, GET /api/health every ${POLL_EVERY_MS} ms (${loadAverageText()})`);
      await eventLoopDelay(baseUrl);
      const health = pollHealth(baseUrl);
      const written = await load.measure({
        baseUrl,
        connections: CLIENTS,
        amount: WRITES,
        requests: entryWrites(seed.organisation, users, { count: WRITES, seed: 19 }),
        expectStatus: 201,
      });
      const answers = await health.stop();
      const loop = await eventLoopDelay(baseUrl);

      const counts = new Map<number, number>();
      for (const answer of answers) counts.set(answer.status, (counts.get(answer.status) ?? 0) + 1);
      const statuses = [...counts].map(([status, count]) => `${status}: ${count}`);
      const sorted = answers.map((answer) => answer.ms).sort((a, b) => a - b);
      const maxLag = Math.max(...answers.map((answer) => answer.lagEvents ?? 0));
      console.log(
        `  health: ${answers.length} answers (${statuses.join(', ')}); p50 ${percentile(sorted, 0.5).toFixed(1)} ms, p95 ${percentile(sorted, 0.95).toFixed(1)} ms, ` +
          `p99 ${percentile(sorted, 0.99).toFixed(1)} ms, max ${sorted.at(-1)!.toFixed(1)} ms; largest lagEvents ${maxLag}`,
      );
      console.log(`  the product's event-loop delay meanwhile: p99 ${loop.p99.toFixed(1)} ms, max ${loop.max.toFixed(1)} ms`);
      console.log(
        `  writes: ${written.requestsPerSecond.toFixed(0)}/s, p50 ${written.p50Ms.toFixed(1)} ms, p95 ${written.p95Ms.toFixed(1)} ms`,
      );

      const allReady = answers.every((answer) => answer.status === 200);
      emitRow({
        request: 'GET /api/health every 200 ms under writers',
        clients: 1,
        perSecond: 0,
        p50Ms: percentile(sorted, 0.5),
        p95Ms: percentile(sorted, 0.95),
        floorPerSecond: null,
        ratio: null,
        target: `every answer 200 within ${TARGET_MS} ms`,
        met: allReady && sorted.at(-1)! <= TARGET_MS,
        note: `${statuses.join(', ')}; max ${sorted.at(-1)!.toFixed(1)} ms`,
      });
      emitRow(referenceRow('POST /api/entries while health is asked', CLIENTS, written));
    } finally {
      load.close();
    }
  },
  { durable: true, env: { METRICS_TOKEN } },
);
