/**
 * The bare-INSERT baseline of storing xAPI statements (issue #32): an Express app whose
 * `POST /statements` takes a JSON array of statements and stores them with one multi-row INSERT
 * into `bench_xapi.statements`, a copy of the product's `xapi.statements` (`LIKE ... INCLUDING
 * ALL`: the same columns, defaults and indexes, in the same database), answering the ids. No
 * credentials, no validation, no digest of canonical JSON, no voiding, no activity definitions: the
 * row's columns are read straight off the benchmark's statements (whose shape it knows). A pool of
 * the product's size. Started by `bench/xapi-statements.ts` in its own process, after the product
 * created its tables: `DATABASE_URL=... node --import tsx bench/support/xapi-baseline-server.ts <port>`.
 */
import { createHash, randomUUID } from 'node:crypto';
import { createPool } from '@tht/postgres';
import express from 'express';

const port = Number(process.argv[2]);
const pool = createPool(process.env.DATABASE_URL!);
const CLIENT_ID = randomUUID();
const AUTHORITY = { objectType: 'Agent', name: 'Baseline', account: { homePage: 'http://127.0.0.1', name: 'baseline' } };

await pool.query(`CREATE SCHEMA IF NOT EXISTS bench_xapi;
  CREATE TABLE IF NOT EXISTS bench_xapi.statements (LIKE xapi.statements INCLUDING ALL)`);

const COLUMNS = [
  'id',
  'client_id',
  'stored',
  'statement',
  'content_digest',
  'verb_id',
  'registration',
  'agents',
  'related_agents',
  'activities',
  'related_activities',
];

/** What the row reads of a benchmark statement. */
interface SentStatement {
  id: string;
  actor: { mbox: string };
  verb: { id: string };
  object: { id: string };
  context?: { registration?: string; contextActivities?: Record<string, { id: string }[]> };
}

/** The columns of one statement's row, in COLUMNS' order. */
function rowOf(sent: SentStatement, stored: string): unknown[] {
  const statement = { ...sent, stored, authority: AUTHORITY, version: '1.0.0' };
  const agents = [`mbox:${sent.actor.mbox}`];
  const activities = [sent.object.id];
  const contextActivities = Object.values(sent.context?.contextActivities ?? {}).flatMap((list) =>
    list.map((activity) => activity.id),
  );
  return [
    sent.id,
    CLIENT_ID,
    stored,
    JSON.stringify(statement),
    createHash('sha256').update(JSON.stringify(sent)).digest('hex'),
    sent.verb.id,
    sent.context?.registration ?? null,
    agents,
    [...agents, `account:${AUTHORITY.account.homePage}|${AUTHORITY.account.name}`],
    activities,
    [...activities, ...contextActivities],
  ];
}

/** `INSERT ... VALUES ($1, ..., $11), ($12, ...)` for `rows` rows. */
function insertOf(rows: number): string {
  const tuples = Array.from(
    { length: rows },
    (_, row) => `(${COLUMNS.map((_, column) => `$${row * COLUMNS.length + column + 1}`).join(', ')})`,
  );
  return `INSERT INTO bench_xapi.statements (${COLUMNS.join(', ')}) VALUES ${tuples.join(', ')}`;
}

const app = express();
app.use(express.json({ limit: '20mb' }));
app.post('/statements', async (req, res) => {
  const statements = req.body as SentStatement[];
  const stored = new Date().toISOString();
  await pool.query(
    insertOf(statements.length),
    statements.flatMap((statement) => rowOf(statement, stored)),
  );
  res.status(200).json(statements.map((statement) => statement.id));
});
app.listen(port, '127.0.0.1', () => console.log('listening'));
