import { randomUUID } from 'node:crypto';
import { createDb } from '@tht/postgres';
import { createTestDatabase, type TestDatabase } from '@tht/postgres/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { XapiError } from './xapi-http';
import { migrateXapi } from './xapi-schema';
import { statementQuery, statementStore, type StatementFilter, type StatementPosition } from './xapi-statement-store';

/** The statement store on PostgreSQL: the order of `GET /statements`, its `more` places, and the index a page reads. */

let database: TestDatabase;
let store: ReturnType<typeof statementStore>;

beforeAll(async () => {
  database = await createTestDatabase();
  await migrateXapi(createDb(database.pool));
  store = statementStore(database.pool);
});

afterAll(async () => {
  await database?.drop();
});

const filterOf = (more: Partial<StatementFilter> = {}): StatementFilter => ({
  relatedAgents: false,
  relatedActivities: false,
  ascending: false,
  ...more,
});

const statementAt = (stored: string) => ({
  id: randomUUID(),
  actor: { objectType: 'Agent', mbox: 'mailto:ann@example.com' },
  verb: { id: 'http://adlnet.gov/expapi/verbs/completed' },
  object: { objectType: 'Activity', id: 'http://example.com/courses/fire-safety' },
  timestamp: stored,
  stored,
  version: '1.0.0',
});

/** Stores one statement a batch, in the order given; their ids. */
async function storeInTurn(clientId: string, storedTimes: readonly string[]): Promise<string[]> {
  const ids: string[] = [];
  for (const stored of storedTimes) {
    const statement = statementAt(stored);
    await store.insertBatch([{ statement, digest: statement.id }], clientId, []);
    ids.push(statement.id);
  }
  return ids;
}

/** Every page of `limit` statements, each asked after the previous one's last place, as `more` links do. */
async function allPages(clientId: string, filter: StatementFilter, limit: number): Promise<string[]> {
  const ids: string[] = [];
  let after: StatementPosition | undefined;
  let upTo: string | undefined;
  for (;;) {
    const page = await store.query({ ...filter, after, upTo }, limit, clientId);
    const shown = page.rows.slice(0, limit);
    ids.push(...shown.map((row) => (JSON.parse(row.json) as { id: string }).id));
    if (page.rows.length <= limit) return ids;
    after = shown.at(-1)!.position;
    upTo = page.upTo;
  }
}

describe('statement store', () => {
  it("lists a system's statements in order of their stored time, whatever order they were written in", async () => {
    const clientId = randomUUID();
    // The second was stored by a process whose clock was a little behind, after the first was written.
    const [ten, nine, eleven] = await storeInTurn(clientId, [
      '2026-03-02T10:00:00.000Z',
      '2026-03-02T09:00:00.000Z',
      '2026-03-02T11:00:00.000Z',
    ]);
    expect(await allPages(clientId, filterOf(), 10)).toEqual([eleven, ten, nine]);
    expect(await allPages(clientId, filterOf(), 1)).toEqual([eleven, ten, nine]);
    expect(await allPages(clientId, filterOf({ ascending: true }), 1)).toEqual([nine, ten, eleven]);
    expect(await allPages(clientId, filterOf({ since: '2026-03-02T09:30:00.000Z' }), 1)).toEqual([eleven, ten]);
  });

  it('refuses a more link whose place was changed with a 400, not a database error', () => {
    const refusal = (filter: StatementFilter) => {
      try {
        statementQuery(filter, 10, randomUUID());
      } catch (error) {
        return error instanceof XapiError ? error.status : error;
      }
      return 'accepted';
    };
    expect(refusal(filterOf({ after: { stored: 'yesterday', seq: '3' } }))).toBe(400);
    expect(refusal(filterOf({ after: { stored: '2026-03-02T10:00:00.000000Z', seq: '3; DROP' } }))).toBe(400);
    expect(refusal(filterOf({ after: null as unknown as StatementPosition }))).toBe(400);
    expect(refusal(filterOf({ upTo: 'all' }))).toBe(400);
    expect(refusal(filterOf({ after: { stored: '2026-03-02T10:00:00.000000Z', seq: '3' }, upTo: '9' }))).toBe('accepted');
  });

  it("reads a page of a since/until window from the system's own rows only, through the (client_id, stored, seq) index", async () => {
    const ours = randomUUID();
    const others = [randomUUID(), randomUUID(), randomUUID()];
    // A year of 40,000 statements of four systems, stored in turn, every 13 minutes.
    await database.pool.query(
      `INSERT INTO xapi.statements (id, client_id, stored, statement, content_digest, verb_id, agents, related_agents,
         activities, related_activities)
       SELECT gen_random_uuid(), ($1::uuid[])[1 + i % 4], '2025-06-01T00:00:00Z'::timestamptz + i * interval '13 minutes',
         '{}', 'digest', 'http://adlnet.gov/expapi/verbs/completed', '{}', '{}', '{}', '{}'
       FROM generate_series(0, 39999) AS i`,
      [[ours, ...others]],
    );
    await database.pool.query('ANALYZE xapi.statements');
    const week = filterOf({ since: '2025-09-01T00:00:00.000Z', until: '2025-09-08T00:00:00.000Z' });
    const { text, values } = statementQuery(week, 100, ours);
    const { rows } = await database.pool.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
      `EXPLAIN (ANALYZE, FORMAT JSON) ${text}`,
      values,
    );
    const nodes = planNodes(rows[0]!['QUERY PLAN'][0].Plan);
    expect(nodes.flatMap((node) => node['Index Name'] ?? [])).toEqual(['statements_client_stored_idx']);
    // The rows read from the table: the page and the one more that says there is a next page, or
    // (on a table this small) the window's own rows; none read and thrown away.
    const { rows: counted } = await database.pool.query<{ count: string }>(
      `SELECT count(*) FROM xapi.statements WHERE client_id = $1 AND stored > $2 AND stored <= $3`,
      [ours, week.since, week.until],
    );
    const read = nodes.find((node) => node['Relation Name'] === 'statements')!;
    expect(read['Actual Rows']).toBeGreaterThanOrEqual(101);
    expect(read['Actual Rows']).toBeLessThanOrEqual(Number(counted[0]!.count));
    expect(read['Rows Removed by Filter'] ?? 0).toBe(0);
  });
});

interface PlanNode {
  'Parent Relationship'?: string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows'?: number;
  'Rows Removed by Filter'?: number;
  Plans?: PlanNode[];
}

/** The plan's nodes but its InitPlans (the newest `seq`, read from the primary key). */
const planNodes = (node: PlanNode): PlanNode[] => [
  node,
  ...(node.Plans ?? []).filter((child) => child['Parent Relationship'] !== 'InitPlan').flatMap(planNodes),
];
