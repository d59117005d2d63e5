/**
 * Rebuild throughput: `npx tsx bench/rebuild.ts` (or `npm run bench -- rebuild`). Appends a
 * realistic history of the product's real events (BENCH_REBUILD_EVENTS, default 200,000) to the
 * PostgreSQL event store, then times `rebuildReadModels` into every read model of the product and
 * prints events per second against the same rebuild with no-op projectors (target: a ratio of at least 0.5, issue 23), with the time spent in each projector.
 * BENCH_REBUILD_BATCH overrides the rebuild's batch size. The CPU time of this process and of the
 * PostgreSQL server (when it runs on this machine) is printed too: on two cores shared with other
 * work, the wall time varies with the load, the CPU time much less.
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { createEventStore, migrateEventStore } from '@tht/eventstore';
import { createDb, createPool } from '@tht/postgres';
import { allProjectors, migrateReadModels, rebuildReadModels, type AnyProjector } from 'projections';
import type pg from 'pg';
import { benchDatabase } from './support/bench-postgres';
import { seedHistory } from '@tht/test-kit/organisation';
import { historyOfAbout } from './support/seed-history';
import { emitRebuildRow } from './support/rebuild-row';
import { timed } from './support/timed-projector';

const EVENTS = Number(process.env.BENCH_REBUILD_EVENTS ?? 200_000);
const BATCH = process.env.BENCH_REBUILD_BATCH ? Number(process.env.BENCH_REBUILD_BATCH) : undefined;
const number = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 });

/** CPU seconds used so far by each process of the PostgreSQL server, by pid (empty when /proc cannot tell, e.g. a remote server). */
async function serverCpu(pool: pg.Pool): Promise<Map<number, number>> {
  const { rows } = await pool.query<{ pid: number }>('SELECT pid FROM pg_stat_activity');
  const cpu = new Map<number, number>();
  for (const { pid } of rows) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (stat.includes('(postgres)')) cpu.set(pid, (Number(fields[11]) + Number(fields[12])) / 100); // utime + stime, in clock ticks
    } catch {
      // not a process of this machine
    }
  }
  return cpu;
}

/** CPU seconds the server used between two readings (processes that ended in between are missed). */
function cpuBetween(before: Map<number, number>, after: Map<number, number>): number | null {
  if (after.size === 0) return null;
  let seconds = 0;
  for (const [pid, used] of after) seconds += used - (before.get(pid) ?? 0);
  return seconds;
}

const database = await benchDatabase();
const pool = createPool(database.connectionString, { max: 20 });
try {
  await migrateEventStore(pool);
  await migrateReadModels(createDb(pool), allProjectors);
  const store = createEventStore({ pool });

  const seeding = performance.now();
  await seedHistory(pool, historyOfAbout(EVENTS));
  const total = await store.countAll!();
  console.info(
    `rebuild: ${database.describe}; seeded ${number.format(total)} events in ${((performance.now() - seeding) / 1000).toFixed(1)}s`,
  );

  const spent = new Map<string, number>();
  const loadBefore = loadavg()[0]!;
  const serverBefore = await serverCpu(pool);
  const cpuBefore = process.cpuUsage();
  const result = await rebuildReadModels({ pool, store, projectors: allProjectors.map((p) => timed(p, spent)), batchSize: BATCH });
  const cpu = process.cpuUsage(cpuBefore);
  const server = cpuBetween(serverBefore, await serverCpu(pool));
  console.info(
    `rebuild: ${number.format(result.events)} events into ${allProjectors.length} read models in ${result.seconds.toFixed(2)}s = ` +
      `${number.format(result.eventsPerSecond)} events/s; this process used ${((cpu.user + cpu.system) / 1e6).toFixed(1)}s of CPU` +
      `${server === null ? '' : `, PostgreSQL ${server.toFixed(1)}s`}; load average before: ${loadBefore.toFixed(1)}`,
  );
  for (const [name, ms] of spent) console.info(`rebuild:   ${name.padEnd(12)} ${(ms / 1000).toFixed(2)}s in project()`);

  // The framework alone (reading the log, transactions, checkpoints, swap): projectors that write nothing.
  const idle = allProjectors.map((p): AnyProjector => ({ name: p.name, migrate: async () => {}, project: async () => {} }));
  const floor = await rebuildReadModels({ pool, store, projectors: idle, batchSize: BATCH });
  console.info(`rebuild: framework alone (no-op projectors): ${number.format(floor.eventsPerSecond)} events/s`);
  emitRebuildRow(result, floor);
  await store.close();
} finally {
  await pool.end();
  await database.close();
}
