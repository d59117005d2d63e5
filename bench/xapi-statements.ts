/**
 * The Learning Record Store under load (issue #32). Starts the product as `npm start` does on an
 * embedded PostgreSQL with the product's own durable settings (fsync on), creates a connected
 * system as the start-up admin, and measures two rows:
 *   - GET /xapi/statements?since=&until=&limit=100 over BENCH_STATEMENTS (1,000,000) stored
 *     statements: the table is filled by one SQL `INSERT ... SELECT generate_series` per 100,000
 *     rows, in one transaction, into the product's own `xapi.statements` (its indexes as the
 *     product creates them) with rows shaped as the store writes them, stored evenly over the year
 *     before the run and sent by BENCH_SYSTEMS (4) connected systems in turn; the same transaction
 *     moves the training worker's checkpoint past them (they were turned into entries as they
 *     came). The seeding's time and the table's and its indexes' sizes are printed. Then
 *     BENCH_READERS (10) clients read BENCH_READS (2,000) pages of the benchmark's system for
 *     windows of a week (`since`/`until`, drawn at random in the year, a page of 100 as clients
 *     page), newest first; then, as a second row, the same windows' second pages, following each
 *     first page's `more` link once. Target: p95 under 100 ms for both. The floor (a bare Express
 *     handler sending a body of the pages' mean size) is measured for reference.
 *   - statements stored per second: BENCH_CLIENTS (20) clients each POSTing batches of BENCH_BATCH
 *     (100) statements to /xapi/statements with the system's key, BENCH_BATCHES (1,000) batches in
 *     all after a warm-up of their own, every statement new (its own id) and shaped as e-learning
 *     sends them (actor mbox, verb completed, an activity with a name, result duration, score and
 *     success, context with registration, platform and parent and grouping activities, timestamp),
 *     while the training worker follows them as it does. Against, in the same run, the same bodies
 *     POSTed to a bare Express app in its own process doing one multi-row INSERT per batch into a
 *     copy of the product's table (support/xapi-baseline-server.ts). Target: at least 0.5 of the
 *     baseline's statements/s.
 *
 * Run: `npm run bench:xapi`, `npm run bench -- xapi-statements` or `npx tsx bench/xapi-statements.ts`.
 * Sizes: BENCH_CLIENTS (20), BENCH_BATCH (100), BENCH_BATCHES (1000), BENCH_STATEMENTS (1000000),
 * BENCH_SYSTEMS (4), BENCH_READERS (10), BENCH_READS (2000). A quick check:
 * `BENCH_BATCHES=100 BENCH_STATEMENTS=50000 BENCH_READS=300 npm run bench:xapi`.
 */
import { randomUUID } from 'node:crypto';
import { accountsApi, freePort, startProduct } from '@tht/test-kit';
import pg from 'pg';
import { benchDatabase } from './support/bench-postgres';
import { spawnServer, startFloorServer } from './support/floor';
import { httpRequest, startLoadGenerator, type LatencySummary, type LoadGenerator, type LoadRequest } from './support/load';
import { emitRow, loadAverageText, ratioRow } from './support/report';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 20);
const BATCH = Number(process.env.BENCH_BATCH ?? 100);
const BATCHES = Number(process.env.BENCH_BATCHES ?? 1_000);
const WARM_UP_BATCHES = Math.max(CLIENTS, Math.min(100, Math.ceil(BATCHES / 10)));
const STATEMENTS = Number(process.env.BENCH_STATEMENTS ?? 1_000_000);
const SYSTEMS = Number(process.env.BENCH_SYSTEMS ?? 4);
const READERS = Number(process.env.BENCH_READERS ?? 10);
const READS = Number(process.env.BENCH_READS ?? 2_000);
const DISTINCT_WINDOWS = 200;
const PAGE = 100;
const SEED_CHUNK = 100_000;
const DAY_MS = 86_400_000;
const WINDOW_DAYS = 7;
const TARGET_RATIO = 0.5;
const TARGET_P95_MS = 100;

const COURSES = [
  'Fire Safety',
  'First Aid at Work',
  'Manual Handling',
  'Information Security Awareness',
  'Data Protection (GDPR)',
  'Equality and Diversity',
  'Safeguarding Adults',
  'Display Screen Equipment',
  'Anti-Bribery',
  'Health and Safety Induction',
];
const PEOPLE = 2_000;

/** A statement as Articulate Storyline or Moodle sends one on completion. */
function completion(index: number): Record<string, unknown> {
  const person = index % PEOPLE;
  const course = index % COURSES.length;
  const courseId = `https://lms.example.com/course/${course + 1}`;
  return {
    id: randomUUID(),
    actor: { objectType: 'Agent', name: `Person ${person}`, mbox: `mailto:person${person}@example.com` },
    verb: { id: 'http://adlnet.gov/expapi/verbs/completed', display: { 'en-US': 'completed' } },
    object: {
      objectType: 'Activity',
      id: `${courseId}/module/1`,
      definition: {
        type: 'http://adlnet.gov/expapi/activities/module',
        name: { 'en-US': COURSES[course] },
        description: { 'en-US': `${COURSES[course]}: the e-learning module` },
      },
    },
    result: {
      duration: `PT${1 + (index % 3)}H${(index % 4) * 15}M`,
      score: { scaled: 0.85, raw: 85, min: 0, max: 100 },
      success: true,
      completion: true,
    },
    context: {
      registration: randomUUID(),
      platform: 'Moodle 4.3',
      language: 'en-US',
      contextActivities: {
        parent: [{ objectType: 'Activity', id: courseId }],
        grouping: [{ objectType: 'Activity', id: 'https://lms.example.com' }],
        category: [{ objectType: 'Activity', id: 'https://w3id.org/xapi/cmi5/context/categories/cmi5' }],
      },
    },
    timestamp: new Date(Date.now() - (index % 1_000) * 60_000).toISOString(),
  };
}

const basicOf = (key: string, secret: string) => `Basic ${Buffer.from(`${key}:${secret}`).toString('base64')}`;

function batchRequests(count: number, first: number, authorization: string): LoadRequest[] {
  return Array.from({ length: count }, (_, batch) => ({
    method: 'POST',
    path: '/xapi/statements',
    headers: { authorization, 'content-type': 'application/json', 'x-experience-api-version': '1.0.3' },
    body: JSON.stringify(Array.from({ length: BATCH }, (_, i) => completion(first + batch * BATCH + i))),
  }));
}

async function createConnectedSystem(target: Parameters<typeof accountsApi>[0]) {
  const token = await accountsApi(target).adminToken();
  const response = await fetch(`${target.baseUrl}/api/admin/xapi-clients`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Moodle', trainingType: 'external' }),
  });
  if (response.status !== 201)
    throw new Error(`Creating the connected system answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as { id: string; key: string; secret: string };
}

/** The POST row: statements/s of the product against the bare INSERT, the same bodies to each. */
async function measurePosts(load: LoadGenerator, baseUrl: string, connectionString: string, authorization: string) {
  const warmUp = batchRequests(WARM_UP_BATCHES, 0, authorization);
  const measured = batchRequests(BATCHES, WARM_UP_BATCHES * BATCH, authorization);
  console.log(`  POST /xapi/statements, ${BATCHES} batches of ${BATCH} (${loadAverageText()})`);
  const product = await load.measure({
    baseUrl,
    connections: CLIENTS,
    amount: BATCHES,
    requests: measured,
    warmUpRequests: warmUp,
    expectStatus: 200,
  });
  const port = await freePort();
  const baselineServer = await spawnServer('bench/support/xapi-baseline-server.ts', [String(port)], {
    DATABASE_URL: connectionString,
  });
  try {
    const toBaseline = (requests: LoadRequest[]) => requests.map((request) => ({ ...request, path: '/statements' }));
    const baseline = await load.measure({
      baseUrl: `http://127.0.0.1:${port}`,
      connections: CLIENTS,
      amount: BATCHES,
      requests: toBaseline(measured),
      warmUpRequests: toBaseline(warmUp),
      expectStatus: 200,
    });
    const perStatement = (summary: LatencySummary) => ({ ...summary, requestsPerSecond: summary.requestsPerSecond * BATCH });
    emitRow({
      ...ratioRow(
        `POST /xapi/statements, batches of ${BATCH}`,
        CLIENTS,
        perStatement(product),
        perStatement(baseline).requestsPerSecond,
        TARGET_RATIO,
      ),
      unit: 'statements',
      note: `baseline: bare multi-row INSERT, p50 ${baseline.p50Ms.toFixed(1)} ms, p95 ${baseline.p95Ms.toFixed(1)} ms a batch`,
    });
  } finally {
    baselineServer.kill();
  }
}

/**
 * Fills `xapi.statements` with STATEMENTS rows shaped as the store writes them, stored over the year
 * before `end`, in one transaction that also moves the training worker's checkpoint (decision 045)
 * past them: a year of statements was turned into entries (or not) as it came, and the worker does
 * not spend the reads' time on it.
 */
async function seedStatements(database: pg.Client, clientId: string, end: Date): Promise<{ start: Date; seconds: number }> {
  const missing = STATEMENTS;
  const start = new Date(end.getTime() - 365 * DAY_MS);
  const systems = [clientId, ...Array.from({ length: SYSTEMS - 1 }, () => randomUUID())];
  const started = performance.now();
  await database.query('BEGIN');
  for (let from = 0; from < missing; from += SEED_CHUNK) {
    await database.query(
      `INSERT INTO xapi.statements (id, client_id, stored, statement, content_digest, verb_id, registration, agents,
         related_agents, activities, related_activities)
       SELECT id, client_id, stored, jsonb_build_object(
           'id', id, 'actor', jsonb_build_object('objectType', 'Agent', 'name', 'Person ' || person, 'mbox', mbox),
           'verb', jsonb_build_object('id', 'http://adlnet.gov/expapi/verbs/completed', 'display', '{"en-US": "completed"}'::jsonb),
           'object', jsonb_build_object('objectType', 'Activity', 'id', activity, 'definition', jsonb_build_object(
             'type', 'http://adlnet.gov/expapi/activities/module', 'name', jsonb_build_object('en-US', 'Course ' || course),
             'description', jsonb_build_object('en-US', 'Course ' || course || ': the e-learning module'))),
           'result', '{"duration": "PT1H30M", "score": {"scaled": 0.85, "raw": 85, "min": 0, "max": 100}, "success": true, "completion": true}'::jsonb,
           'context', jsonb_build_object('registration', registration, 'platform', 'Moodle 4.3', 'language', 'en-US',
             'contextActivities', jsonb_build_object('parent', jsonb_build_array(jsonb_build_object('objectType', 'Activity', 'id', parent)),
               'grouping', '[{"objectType": "Activity", "id": "https://lms.example.com"}]'::jsonb)),
           'timestamp', iso, 'stored', iso, 'version', '1.0.0',
           'authority', jsonb_build_object('objectType', 'Agent', 'name', 'Moodle',
             'account', jsonb_build_object('homePage', 'http://127.0.0.1', 'name', client_id))),
         encode(sha256(id::text::bytea), 'hex'), 'http://adlnet.gov/expapi/verbs/completed', registration,
         ARRAY['mbox:' || mbox], ARRAY['mbox:' || mbox, 'account:http://127.0.0.1|' || client_id],
         ARRAY[activity], ARRAY[activity, parent, 'https://lms.example.com']
       FROM (SELECT *, to_char(stored AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS iso FROM (
         SELECT gen_random_uuid() AS id, ($3::uuid[])[1 + i % $4] AS client_id,
           $5::timestamptz + (i * ($6::float8 / $7)) * interval '1 millisecond' AS stored,
           i % ${PEOPLE} AS person, 'mailto:person' || (i % ${PEOPLE}) || '@example.com' AS mbox,
           i % 50 AS course, 'https://lms.example.com/course/' || (i % 50) || '/module/1' AS activity,
           'https://lms.example.com/course/' || (i % 50) AS parent, gen_random_uuid() AS registration
         FROM generate_series($1::bigint, $2::bigint) AS i
       ) AS drawn) AS seeded`,
      [from, Math.min(from + SEED_CHUNK, missing) - 1, systems, SYSTEMS, start.toISOString(), 365 * DAY_MS, missing],
    );
    process.stdout.write(`  seeded ${Math.min(from + SEED_CHUNK, missing)} of ${missing}\r`);
  }
  await database.query(`UPDATE xapi.training_checkpoint
    SET transaction_id = pg_current_xact_id(), seq = (SELECT max(seq) FROM xapi.statements)`);
  await database.query('COMMIT');
  await database.query('ANALYZE xapi.statements');
  return { start, seconds: (performance.now() - started) / 1000 };
}

async function printSizes(database: pg.Client): Promise<void> {
  const { rows } = await database.query<{ count: string; heap: string; indexes: string; total: string }>(
    `SELECT (SELECT count(*) FROM xapi.statements) AS count,
       pg_size_pretty(pg_table_size('xapi.statements')) AS heap,
       pg_size_pretty(pg_indexes_size('xapi.statements')) AS indexes,
       pg_size_pretty(pg_total_relation_size('xapi.statements')) AS total`,
  );
  const { count, heap, indexes, total } = rows[0]!;
  console.log(`  xapi.statements: ${count} rows, table ${heap} (with TOAST), indexes ${indexes}, in all ${total}`);
}

/** A week's window at random in the seeded year, the product's first page of it. */
function windowReads(start: Date, authorization: string): LoadRequest[] {
  const span = (365 - WINDOW_DAYS) * DAY_MS;
  return Array.from({ length: DISTINCT_WINDOWS }, () => {
    const since = new Date(start.getTime() + Math.random() * span);
    const until = new Date(since.getTime() + WINDOW_DAYS * DAY_MS);
    const query = new URLSearchParams({ since: since.toISOString(), until: until.toISOString(), limit: String(PAGE) });
    return { path: `/xapi/statements?${query}`, headers: { authorization, 'x-experience-api-version': '1.0.3' } };
  });
}

/** The GET rows: first pages of week windows, then their `more` pages, against a floor of their mean size. */
async function measureReads(load: LoadGenerator, baseUrl: string, requests: readonly LoadRequest[]): Promise<void> {
  const floor = await startFloorServer();
  try {
    const moreLinks: LoadRequest[] = [];
    let bytes = 0;
    for (const request of requests) {
      const answer = await httpRequest(baseUrl, request, 200);
      bytes += Buffer.byteLength(answer.body);
      const page = JSON.parse(answer.body) as { statements: unknown[]; more: string };
      if (page.statements.length !== PAGE || !page.more)
        throw new Error(`${request.path}: ${page.statements.length} statements, no more link`);
      moreLinks.push({ path: page.more, headers: request.headers });
    }
    const meanBytes = bytes / requests.length;
    for (const [label, reads] of [
      [`GET /xapi/statements?since=&until=&limit=${PAGE} (a week)`, requests],
      ['  the same, its more link (second page)', moreLinks],
    ] as const) {
      console.log(`  ${label.trim()} (${loadAverageText()})`);
      const product = await load.measure({ baseUrl, connections: READERS, amount: READS, requests: reads, expectStatus: 200 });
      const floorRun = await load.measure({
        baseUrl: floor.baseUrl,
        connections: READERS,
        amount: READS,
        requests: [{ path: floor.pathFor(meanBytes) }],
      });
      emitRow({
        ...ratioRow(label, READERS, product, floorRun.requestsPerSecond, null),
        target: `p95 < ${TARGET_P95_MS} ms`,
        met: product.p95Ms < TARGET_P95_MS,
        note: `${STATEMENTS} stored, ${Math.round(meanBytes / 1024)} KB a page`,
      });
    }
  } finally {
    floor.stop();
  }
}

const database = await benchDatabase();
console.log(`The LRS under load, on ${database.describe}`);
try {
  const product = await startProduct({ DATABASE_URL: database.connectionString });
  const sql = new pg.Client({ connectionString: database.connectionString });
  await sql.connect();
  const load = startLoadGenerator();
  try {
    const system = await createConnectedSystem(product);
    const authorization = basicOf(system.key, system.secret);
    console.log(`  seeding xapi.statements with ${STATEMENTS} rows (${loadAverageText()})`);
    const { start, seconds } = await seedStatements(sql, system.id, new Date());
    console.log(`  seeded in ${seconds.toFixed(1)} s (ANALYZE included)`);
    await printSizes(sql);
    await measureReads(load, product.baseUrl, windowReads(start, authorization));
    // Last: the training worker then follows the posted statements while the POSTs are answered, as it would.
    await measurePosts(load, product.baseUrl, database.connectionString, authorization);
  } finally {
    load.close();
    await sql.end();
    await product.stop();
  }
} catch (error) {
  console.error(`xapi-statements failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
