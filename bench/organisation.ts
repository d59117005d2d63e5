/**
 * Organisation-scale benchmark (issue 23): BENCH_ORG_PEOPLE people (10,000) in 12 departments and
 * BENCH_ORG_ENTRIES training entries (2,000,000) logged over five years up to now, with edits,
 * deletions and sign-ins among them. The product's `npm run seed-organisation -- --history` writes
 * the history into the event store's tables directly (the API's appends one at a time would take
 * hours) and seals it into the audit chain, and then the product builds its read models. Reports, each with the issue's target:
 *   - seed time (for reference: the seeding command's process, rows, then the chain's seal);
 *   - `rebuildReadModels` into every read model against the same with no-op projectors (the
 *     framework alone: reading the log, transactions, checkpoints, swap), target >= 0.5;
 *   - the snapshots of the read models the as-of replays start from (`takeSnapshots`, as the
 *     product's keeper takes them in the background, here on the benchmark's pool): time and
 *     size on disk (decision 050);
 *   - with the product started as `npm start` does, `GET /api/hr/stats?asOf=` a year back, from
 *     the request to the first 200 (202 with progress until the replay is there), target < 10 s;
 *   - each dashboard read at BENCH_CLIENTS (50) connections against the bare-Express floor, as the
 *     other read benches (`support/against-floor.ts`), target >= 0.7, repeat reads >= 0.9;
 *   - `GET /api/export` of every entry (CSV) and of everything (`?format=xlsx`, every sheet): time
 *     to the last byte and the API process's resident memory growth, targets < 60 s and < 200 MB;
 *   - a release that changes a read model (the entries projector's stored version lowered) started
 *     beside the running product under UPGRADE_WRITERS writers: start to ready, the requests that
 *     failed after the browser's one retry of a 503 with Retry-After (target 0) and the writes lost
 *     (decision 052);
 *   - `npm run verify` of the whole chain (for reference);
 *   - the read models the product left against a rebuild from scratch: equal in every table.
 *
 * Run: `npx tsx bench/organisation.ts`, or `npm run bench -- organisation`. Sizes: BENCH_ORG_PEOPLE
 * (10000), BENCH_ORG_ENTRIES (2000000), BENCH_CLIENTS (50), BENCH_REQUESTS (3000 per read). A quick
 * check: `BENCH_ORG_PEOPLE=500 BENCH_ORG_ENTRIES=50000 BENCH_REQUESTS=500 npx tsx bench/organisation.ts`.
 * On the embedded PostgreSQL with the product's settings (`support/bench-postgres.ts`, or a fresh
 * database on DATABASE_URL's server); the full size needs about 10 GB of disk. Linux only (/proc).
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { AS_OF_RETRY_AFTER_SECONDS, asOfBuildingSchema, PEOPLE_PAGE_SIZE, READ_AFTER_HEADER } from '@tht/contracts';
import { createEventStore } from '@tht/eventstore';
import { createDb, createPool } from '@tht/postgres';
import { allProjectors, rebuildReadModels, SNAPSHOT_EVERY, snapshotsSize, takeSnapshots, type AnyProjector } from 'projections';
import { describeOrganisation, ORGANISATION_SIZES, personWithRole, seededRandom, type Person } from '@tht/test-kit/organisation';
import type pg from 'pg';
import { repoRoot, startProduct, type StartedProduct } from '@tht/test-kit';
import { compareWithFloor } from './support/against-floor';
import { benchDatabase } from './support/bench-postgres';
import { download } from './support/download';
import { httpRequest, type LoadRequest } from './support/load';
import { pidListeningOn, withPeakMemory } from './support/process-memory';
import { emitRow, loadAverageText, timedRow } from './support/report';
import { secondsSince, seedOrganisation, signIns, type SeededUser } from './support/seed';
import { signedInAs } from './support/seeded-product';
import { emitRebuildRow } from './support/rebuild-row';
import { rebuiltEqualsLive } from './support/rebuilt-equals-live';
import { timed } from './support/timed-projector';

const PEOPLE = Number(process.env.BENCH_ORG_PEOPLE ?? 10_000);
const ENTRIES = Number(process.env.BENCH_ORG_ENTRIES ?? 2_000_000);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 50);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 3_000);
/** How long the as-of read is asked again before the benchmark gives up on it. */
const AS_OF_GIVE_UP_MS = 30 * 60_000;
const TARGETS = { asOfSeconds: 10, exportSeconds: 60, exportGrowthMb: 200, readRatio: 0.7 };
/** The run can outlast the default idle window: the product keeps its seeded users' tokens a day. */
const SESSION_SETTINGS = { SESSION_MAX_HOURS: '24', SESSION_IDLE_MINUTES: String(24 * 60) };
/** Clients posting entries while a second release's process builds its read models aside. */
const UPGRADE_WRITERS = 4;
/** How long they go on writing to the new process once it is ready. */
const UPGRADE_WRITING_AFTER_MS = 3_000;

const NOW = new Date();
const THIS_YEAR = NOW.getUTCFullYear();
const YEARS = [THIS_YEAR - 4, THIS_YEAR - 3, THIS_YEAR - 2, THIS_YEAR - 1, THIS_YEAR] as const;
const FIRST_DAY = new Date(Date.UTC(YEARS[0], 0, 1));
const ORGANISATION = describeOrganisation({ ...ORGANISATION_SIZES.benchmark, people: PEOPLE, entries: ENTRIES });
/** Who reads as HR, SMT and the admin. */
const HR_INDEX = personWithRole(ORGANISATION, 'hr').index;
const SMT_INDEX = personWithRole(ORGANISATION, 'smt').index;
const ADMIN_INDEX = personWithRole(ORGANISATION, 'admin').index;

const number = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 });
const verdict = (met: boolean) => (met ? 'ok' : 'BELOW TARGET');
const run = promisify(execFile);

/** Seeds the organisation's history with the product's seeding command (rows, then the chain's seal); returns its number of events. */
async function seed(pool: pg.Pool, connectionString: string): Promise<number> {
  const started = performance.now();
  await seedOrganisation(connectionString, [
    ...['--people', String(PEOPLE), '--entries', String(ENTRIES), '--seed', '23', '--history', '--skip-read-models'],
    ...['--from', FIRST_DAY.toISOString().slice(0, 10), '--to', NOW.toISOString().slice(0, 10)],
  ]);
  const seconds = secondsSince(started);
  const { rows } = await pool.query<{ count: number }>('SELECT count(*)::int AS count FROM eventstore.events');
  const events = rows[0]!.count;
  emitRow(
    timedRow(
      `seed of ${number.format(events)} events (rows, then the chain's seal)`,
      events,
      'events',
      seconds,
      null,
      null,
      'npm run seed-organisation -- --history, with the process',
    ),
  );
  return events;
}

/** The no-op framework's rebuild, then the product's (which stays swapped in), with the time each projector spent. */
async function rebuild(pool: pg.Pool): Promise<void> {
  const store = createEventStore({ pool });
  try {
    const idle = allProjectors.map((p): AnyProjector => ({ name: p.name, migrate: async () => {}, project: async () => {} }));
    console.log(`  rebuild, no-op projectors first (${loadAverageText()})`);
    const floor = await rebuildReadModels({ pool, store, projectors: idle });
    const spent = new Map<string, number>();
    const result = await rebuildReadModels({ pool, store, projectors: allProjectors.map((p) => timed(p, spent)) });
    console.log(
      `  rebuild: ${number.format(result.events)} events in ${result.seconds.toFixed(1)} s = ${number.format(result.eventsPerSecond)} events/s; ` +
        `no-op projectors ${floor.seconds.toFixed(1)} s = ${number.format(floor.eventsPerSecond)} events/s`,
    );
    const slowest = [...spent].sort(([, a], [, b]) => b - a);
    console.log(`  rebuild: time in project(): ${slowest.map(([name, ms]) => `${name} ${(ms / 1000).toFixed(1)} s`).join(', ')}`);
    emitRebuildRow(result, floor);
  } finally {
    await store.close();
  }
}

/** The snapshots the as-of replays start from, taken before the product starts (it would take them in the background). */
async function snapshots(pool: pg.Pool): Promise<void> {
  const store = createEventStore({ pool });
  try {
    const started = performance.now();
    const taken = (await takeSnapshots({ pool, store }))!;
    const seconds = secondsSince(started);
    const { bytes } = await snapshotsSize(createDb(pool));
    const megabytes = `${number.format(bytes / 1024 / 1024)} MB on disk`;
    console.log(
      `  snapshots: ${taken.length} every ${number.format(SNAPSHOT_EVERY)} events in ${seconds.toFixed(1)} s, ${megabytes}`,
    );
    const events = taken.at(-1)?.events ?? 0;
    emitRow(
      timedRow(
        `${taken.length} snapshots of the read models (as-of replays start from them)`,
        events,
        'events',
        seconds,
        null,
        null,
        megabytes,
      ),
    );
  } finally {
    await store.close();
  }
}

/** `GET /api/hr/stats?asOf=` a year back, asked again every second until it answers 200. */
async function asOfAYearBack(pool: pg.Pool, baseUrl: string, hr: SeededUser): Promise<void> {
  const asOf = new Date(NOW.getTime() - 365 * 86_400_000).toISOString();
  const { rows } = await pool.query<{ count: number }>(
    'SELECT count(*)::int AS count FROM eventstore.chain WHERE occurred_at <= $1',
    [asOf],
  );
  const events = rows[0]!.count;
  const path = `/api/hr/stats?asOf=${encodeURIComponent(asOf)}`;
  console.log(`  GET ${path}: the log up to then holds ${number.format(events)} events (${loadAverageText()})`);
  const started = performance.now();
  const progress: string[] = [];
  for (;;) {
    const answer = await httpRequest(baseUrl, { path, headers: signedInAs(hr) });
    if (answer.status === 200) break;
    if (performance.now() - started > AS_OF_GIVE_UP_MS)
      throw new Error(`${path} still answered 202 after ${AS_OF_GIVE_UP_MS / 60_000} minutes`);
    if (answer.status !== 202) throw new Error(`${path} answered ${answer.status}: ${answer.body.slice(0, 300)}`);
    const retryAfter = answer.headers.get('retry-after');
    if (retryAfter !== String(AS_OF_RETRY_AFTER_SECONDS)) throw new Error(`${path} answered 202 with Retry-After ${retryAfter}`);
    progress.push(
      `${secondsSince(started).toFixed(0)} s ${Math.round(asOfBuildingSchema.parse(JSON.parse(answer.body)).progress * 100)}%`,
    );
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  const seconds = secondsSince(started);
  console.log(
    `  as of a year back: first 200 after ${seconds.toFixed(1)} s (target < ${TARGETS.asOfSeconds} s) ${verdict(seconds < TARGETS.asOfSeconds)}; progress ${progress.join(', ')}`,
  );
  emitRow(
    timedRow(
      'GET /api/hr/stats?asOf= a year back, request to first 200',
      events,
      'events',
      seconds,
      `< ${TARGETS.asOfSeconds} s`,
      seconds < TARGETS.asOfSeconds,
      `${number.format(events)} events up to the cut`,
    ),
  );
}

/** Every dashboard read against the floor, each signed in as someone it is for (the people drawn first, then signed in). */
async function dashboardReads(baseUrl: string, userAt: (index: number) => Promise<SeededUser>): Promise<void> {
  const random = seededRandom(7);
  const any = <T>(items: readonly T[]) => random.pick(items);
  const year = () => any(YEARS);
  type Read = { person: Person; path: (user: SeededUser) => string };
  const distinct = (make: () => Read): Promise<LoadRequest[]> =>
    Promise.all(
      Array.from({ length: 300 }, make).map(async ({ person, path }) => {
        const user = await userAt(person.index);
        return { path: path(user), headers: signedInAs(user) };
      }),
    );
  const asAnyone = (path: () => (user: SeededUser) => string) => (): Read => ({ person: any(ORGANISATION.people), path: path() });
  const as = (person: Person, path: () => string) => (): Read => {
    const fixed = path();
    return { person, path: () => fixed };
  };
  const managers = ORGANISATION.people.filter((person) => person.role === 'manager');
  const [hr, smt, admin] = [ORGANISATION.people[HR_INDEX]!, ORGANISATION.people[SMT_INDEX]!, ORGANISATION.people[ADMIN_INDEX]!];
  const pages = Math.ceil((PEOPLE + 1) / PEOPLE_PAGE_SIZE);
  const reads: [label: string, requests: Promise<LoadRequest[]>][] = [
    ['GET /api/user', distinct(asAnyone(() => () => '/api/user'))],
    [
      'GET /api/entries?userId=&year=',
      distinct(
        asAnyone(() => {
          const when = year();
          return (user) => `/api/entries?userId=${user.id}&year=${when}`;
        }),
      ),
    ],
    [
      'GET /api/stats?userId=&year=',
      distinct(
        asAnyone(() => {
          const when = year();
          return (user) => `/api/stats?userId=${user.id}&year=${when}`;
        }),
      ),
    ],
    [
      'GET /api/manager/{id}/stats?year=',
      distinct(() => {
        const [manager, when] = [any(managers), year()];
        return { person: manager, path: (user) => `/api/manager/${user.id}/stats?year=${when}` };
      }),
    ],
    ['GET /api/hr/stats?year=', distinct(as(hr, () => `/api/hr/stats?year=${year()}`))],
    ['GET /api/smt/overview?year=', distinct(as(smt, () => `/api/smt/overview?year=${year()}`))],
    ['GET /api/admin/users?page=', distinct(as(admin, () => `/api/admin/users?page=${1 + random.int(pages)}`))],
  ];
  // Every row's people signed in before the first is measured: the product hashing the passwords of
  // later rows' sign-ins was most of the first row's CPU (GET /api/user read 0.17 of the floor).
  const signedIn = await Promise.all(reads.map(([, requests]) => requests));
  const comparison = await compareWithFloor(baseUrl, CLIENTS);
  try {
    for (const [index, [label]] of reads.entries())
      await comparison.measure({ label, requests: signedIn[index]!, amount: REQUESTS, target: TARGETS.readRatio });
  } finally {
    comparison.close();
  }
}

/** The export of every entry (CSV) and of everything (the workbook), each with the API's memory growth. */
async function exports(baseUrl: string, hr: SeededUser, liveEntries: number): Promise<void> {
  const apiPid = await pidListeningOn(Number(new URL(baseUrl).port));
  for (const [format, what] of [
    ['csv', `${number.format(liveEntries)} entries`],
    ['xlsx', 'every sheet'],
  ] as const) {
    console.log(`  GET /api/export?format=${format} (${loadAverageText()})`);
    const { result, beforeMb, peakMb } = await withPeakMemory(apiPid, () =>
      download(baseUrl, `/api/export?format=${format}`, signedInAs(hr)),
    );
    if (format === 'csv' && result.lines !== liveEntries + 1)
      throw new Error(`the CSV has ${result.lines} lines, not ${liveEntries + 1}`);
    if (format === 'xlsx' && result.head !== 'PK') throw new Error('the XLSX is not a zip file');
    const growth = peakMb - beforeMb;
    const met = result.seconds < TARGETS.exportSeconds && growth < TARGETS.exportGrowthMb;
    console.log(
      `  GET /api/export?format=${format} (${what}, ${(result.bytes / 1e6).toFixed(0)} MB): ${result.seconds.toFixed(1)} s; API resident memory ` +
        `${beforeMb.toFixed(0)} MB, peak ${peakMb.toFixed(0)} MB, growth ${growth.toFixed(0)} MB ${verdict(met)}`,
    );
    emitRow(
      timedRow(
        `GET /api/export?format=${format} (${what})`,
        liveEntries,
        'entries',
        result.seconds,
        `< ${TARGETS.exportSeconds} s, growth < ${TARGETS.exportGrowthMb} MB`,
        met,
        `${(result.bytes / 1e6).toFixed(0)} MB, memory growth ${growth.toFixed(0)} MB`,
      ),
    );
  }
}

/** A write of the upgrade row's writers: an entry of today, by the person signed in. */
const upgradeEntry = (user: SeededUser, n: number) =>
  JSON.stringify({
    firstName: user.firstName,
    lastName: user.lastName,
    trainingName: `Upgrade beside ${n}`,
    date: NOW.toISOString().slice(0, 10),
    hours: 1,
    trainingType: 'internal',
  });

/** What the upgrade row's writers saw. */
interface UpgradeWrites {
  acknowledged: number[];
  /** Answers other than 201 after the one retry a 503 with Retry-After gets (the browser's client does the same). */
  failed: string[];
  /** Requests sent again after a 503 with Retry-After. */
  retried: number;
  /** The newest read-after token of an acknowledged write. */
  readAfter: string | null;
}

/**
 * UPGRADE_WRITERS clients post entries one after another to `target()` (the running release, then,
 * as a balancer that follows readiness, the new one), each 503 with Retry-After sent once more
 * after that many seconds (at most 5) as the browser does, until `writing()` turns false.
 */
async function writeThroughUpgrade(target: () => string, hr: SeededUser, writing: () => boolean): Promise<UpgradeWrites> {
  const writes: UpgradeWrites = { acknowledged: [], failed: [], retried: 0, readAfter: null };
  let n = 0;
  const post = () =>
    fetch(`${target()}/api/entries`, {
      method: 'POST',
      headers: { ...signedInAs(hr), 'Content-Type': 'application/json' },
      body: upgradeEntry(hr, n++),
    });
  await Promise.all(
    Array.from({ length: UPGRADE_WRITERS }, async () => {
      while (writing()) {
        let answer = await post();
        const retryAfter = answer.status === 503 ? (answer.headers.get('retry-after') ?? '') : '';
        if (/^\d+$/.test(retryAfter)) {
          writes.retried++;
          await answer.body?.cancel();
          await new Promise((resolve) => setTimeout(resolve, Math.min(Number(retryAfter), 5) * 1000));
          answer = await post();
        }
        const body = await answer.text();
        if (answer.status !== 201) {
          writes.failed.push(`${answer.status} ${body.slice(0, 120)}`);
          continue;
        }
        writes.acknowledged.push((JSON.parse(body) as { id: number }).id);
        writes.readAfter = answer.headers.get(READ_AFTER_HEADER) ?? writes.readAfter;
      }
    }),
  );
  return writes;
}

/**
 * A release that changes a read model started beside the running one (decision 052): the
 * entries projector's stored version is lowered (the read models now look written by the release
 * before), a second product process starts on the same database while writers post entries, builds
 * every read model aside from the log and swaps them in; the writers then go to it. Reports the time
 * from its start to ready, the requests that failed (target 0) and any acknowledged write it lacks.
 */
async function upgradeBeside(pool: pg.Pool, running: StartedProduct, hr: SeededUser, events: number): Promise<void> {
  await pool.query(`UPDATE read_models.projection_checkpoints SET version = version - 1 WHERE name = 'entries'`);
  console.log(`  a release changing the entries read model started beside the running one, under writes (${loadAverageText()})`);
  let target = running.baseUrl;
  let writing = true;
  const writer = writeThroughUpgrade(
    () => target,
    hr,
    () => writing,
  );
  const started = performance.now();
  const upgraded = await startProduct(productEnv);
  const seconds = secondsSince(started);
  target = upgraded.baseUrl;
  try {
    // Long enough for the running release's process to be superseded and its refusals retried.
    await new Promise((resolve) => setTimeout(resolve, UPGRADE_WRITING_AFTER_MS));
    writing = false;
    const writes = await writer;
    const listed = await httpRequest(upgraded.baseUrl, {
      path: `/api/entries?userId=${hr.id}&year=${THIS_YEAR}`,
      headers: { ...signedInAs(hr), ...(writes.readAfter ? { [READ_AFTER_HEADER]: writes.readAfter } : {}) },
    });
    const present = new Set((JSON.parse(listed.body) as { id: number }[]).map(({ id }) => id));
    const lost = writes.acknowledged.filter((id) => !present.has(id)).length;
    const met = writes.failed.length === 0 && lost === 0;
    console.log(
      `  upgrade beside: ready after ${seconds.toFixed(1)} s; ${writes.acknowledged.length} writes acknowledged, ` +
        `${writes.failed.length} failed${writes.failed.length ? ` (${writes.failed.slice(0, 3).join('; ')})` : ''}, ${lost} lost, ` +
        `${writes.retried} sent again after a 503 with Retry-After ${verdict(met)}`,
    );
    emitRow(
      timedRow(
        'a release changing a read model started beside the running one under writes, start to ready',
        events,
        'events',
        seconds,
        '0 requests failed, 0 writes lost',
        met,
        `${UPGRADE_WRITERS} writers: ${writes.acknowledged.length} acknowledged, ${writes.failed.length} failed, ${lost} lost, ` +
          `${writes.retried} retried`,
      ),
    );
  } finally {
    await upgraded.stop();
  }
}

/** The product's start-up log lines, each with the seconds since its first: where a slow start went. */
function printStartLog(output: string): void {
  let first: number | null = null;
  for (const line of output.split('\n')) {
    if (!line.startsWith('{')) continue;
    const { time, msg } = JSON.parse(line) as { time: string; msg: string };
    first ??= Date.parse(time);
    console.log(`    +${((Date.parse(time) - first) / 1000).toFixed(1)} s ${msg}`);
  }
}

/** `npm run verify` on the database, as an operator runs it. */
async function verify(connectionString: string, events: number): Promise<void> {
  const started = performance.now();
  const { stdout } = await run('npm', ['run', '--silent', 'verify'], {
    cwd: repoRoot,
    env: { ...process.env, DATABASE_URL: connectionString },
    maxBuffer: 64 * 1024 * 1024,
  });
  const seconds = secondsSince(started);
  console.log(`  npm run verify: ${stdout.trim()} (${seconds.toFixed(1)} s with the process's start)`);
  emitRow(timedRow(`npm run verify of ${number.format(events)} chained events`, events, 'events', seconds, null, null));
}

const database = await benchDatabase();
const pool = createPool(database.connectionString, { max: 20 });
/** Both releases' processes sign with one secret, so a token of one is good at the other. */
const productEnv = {
  DATABASE_URL: database.connectionString,
  JWT_SECRET: randomBytes(32).toString('base64url'),
  ...SESSION_SETTINGS,
};
try {
  console.log(
    `organisation: ${number.format(PEOPLE)} people, ${number.format(ENTRIES)} entries over ${YEARS[0]}-${THIS_YEAR}; ${database.describe}`,
  );
  const events = await seed(pool, database.connectionString);
  await rebuild(pool);
  await snapshots(pool);
  const { rows } = await pool.query<{ count: number }>('SELECT count(*)::int AS count FROM read_models.entries');
  const liveEntries = rows[0]!.count;

  const starting = performance.now();
  const product = await startProduct(productEnv);
  console.log(`  the product started (as \`npm start\` does) in ${secondsSince(starting).toFixed(1)} s; its log meanwhile:`);
  printStartLog(product.output());
  try {
    const userAt = signIns(product.baseUrl, ORGANISATION);
    const hr = await userAt(HR_INDEX);
    await asOfAYearBack(pool, product.baseUrl, hr);
    await dashboardReads(product.baseUrl, userAt);
    await exports(product.baseUrl, hr, liveEntries);
    await upgradeBeside(pool, product, hr, events);
  } finally {
    await product.stop();
  }
  await verify(database.connectionString, events);
  await rebuiltEqualsLive(pool);
} finally {
  await pool.end();
  await database.close();
}
