import { AS_OF_MESSAGES, asOfBuildingSchema, hrStatsSchema, smtOverviewSchema, toIsoDate } from '@tht/contracts';
import { sql } from 'kysely';
import { AS_OF_PREFIX, asOfSchema, positionOfCut } from 'projections';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserAndLogin, type SignedInTestUser } from '../testing/accounts';
import { logEntryAs } from '../testing/entries';
import { request, type JsonResponse } from '../testing/request';
import { startTestApp, type TestApp } from '../testing/test-app';
import { createAsOfReplays, type AsOfReplays } from './as-of-replays';

/**
 * `?asOf=` on GET /api/hr/stats and GET /api/smt/overview through the real app: the read models
 * replayed up to the moment in the background (202 until they are), then the figures as they
 * stood then; the last 3 replays kept.
 */
let app: TestApp;
let hr: SignedInTestUser;
let smt: SignedInTestUser;
let ada: SignedInTestUser;
/** Read-model requests that reached the replays (counted by a wrapper around the app's). */
let asked = 0;
/** The schema of the first replay (as of `cuts.afterFirst`). */
let firstSchema: string | undefined;
const YEAR = new Date().getUTCFullYear();
const cuts: Record<'afterFirst' | 'afterSecond' | 'afterThird', string> = { afterFirst: '', afterSecond: '', afterThird: '' };

/** This moment as an ISO time; returns once the clock has passed it, so what happens next is recorded after it. */
async function cutNow(): Promise<string> {
  const cut = new Date();
  while (Date.now() <= cut.getTime()) await new Promise((resolve) => setTimeout(resolve, 1));
  return cut.toISOString();
}

function countingRequests(replays: AsOfReplays): AsOfReplays {
  return {
    withReadModels: (recordedBy, user, read) => {
      asked++;
      return replays.withReadModels(recordedBy, user, read);
    },
    close: () => replays.close(),
  };
}

const logHours = (hours: number) => logEntryAs(app, ada, { trainingName: `Course of ${hours} h`, date: `${YEAR}-01-01`, hours });

/** Leaves a replayed schema as a crash of PostgreSQL does: its unlogged tables emptied, its mark from the server's earlier start. */
async function asAfterACrash(position: string): Promise<void> {
  const schema = asOfSchema({ position });
  const { rows } = await sql<{ table: string }>`SELECT relname AS table FROM pg_class
    WHERE relnamespace = ${schema}::regnamespace AND relkind = 'r'`.execute(app.ctx.db);
  for (const { table } of rows) await sql`TRUNCATE ${sql.table(`${schema}.${table}`)}`.execute(app.ctx.db);
  const earlier = `replayed aside on the server started at 1, up to log position ${position}`;
  await sql`COMMENT ON SCHEMA ${sql.id(schema)} IS ${sql.lit(earlier)}`.execute(app.ctx.db);
}

/** Asks until the replay is there (202s on the way, each with its progress and Retry-After), at most 60 s. */
async function untilReplayed(path: string, token: string): Promise<{ first: JsonResponse; last: JsonResponse }> {
  const deadline = Date.now() + 60_000;
  const first = await request(app, 'GET', path, { token });
  let last = first;
  let progress = 0;
  while (last.status === 202 && Date.now() < deadline) {
    expect(last.headers.get('retry-after')).toBe('2');
    const building = asOfBuildingSchema.parse(last.body);
    expect(building.progress).toBeGreaterThanOrEqual(progress);
    progress = building.progress;
    await new Promise((resolve) => setTimeout(resolve, 20));
    last = await request(app, 'GET', path, { token });
  }
  return { first, last };
}

async function replayedSchemas(): Promise<string[]> {
  const { rows } = await sql<{ nspname: string }>`SELECT nspname FROM pg_namespace
    WHERE starts_with(nspname, ${AS_OF_PREFIX}) ORDER BY nspname`.execute(app.ctx.db);
  return rows.map((row) => row.nspname);
}

const hrStatsAsOf = (asOf: string) => `/api/hr/stats?year=${YEAR}&asOf=${encodeURIComponent(asOf)}`;

beforeAll(async () => {
  app = await startTestApp();
  app.ctx.asOf = countingRequests(app.ctx.asOf);
  hr = await createUserAndLogin(app, { role: 'hr' });
  smt = await createUserAndLogin(app, { role: 'smt' });
  ada = await createUserAndLogin(app, { firstName: 'Ada', lastName: 'Adams' });
  await logHours(2);
  cuts.afterFirst = await cutNow();
  await logHours(3);
  cuts.afterSecond = await cutNow();
  await logHours(4);
  cuts.afterThird = await cutNow();
  await logHours(5);
}, 60_000);
afterAll(() => app?.close());

describe('GET /api/hr/stats?asOf= and GET /api/smt/overview?asOf=', () => {
  it('refuses a moment that is garbled or in the future with 400, before any replay', async () => {
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    for (const [asOf, message] of [
      ['yesterday', AS_OF_MESSAGES.notAMoment],
      [`${YEAR}-02-30`, AS_OF_MESSAGES.notAMoment],
      ['', AS_OF_MESSAGES.notAMoment],
      [tomorrow, AS_OF_MESSAGES.inTheFuture],
      ['2999-01-01T00:00:00Z', AS_OF_MESSAGES.inTheFuture],
    ]) {
      for (const path of [hrStatsAsOf(asOf!), `/api/smt/overview?asOf=${asOf}`]) {
        const response = await request(app, 'GET', path, { token: path.includes('smt') ? smt.token : hr.token });
        expect(response.status, `${path}: ${JSON.stringify(response.body)}`).toBe(400);
        expect(response.body.error).toContain(message);
      }
    }
    expect(asked).toBe(0);
  });

  it('refuses an employee with 403 before any replay starts', async () => {
    expect((await request(app, 'GET', hrStatsAsOf(cuts.afterFirst), { token: ada.token })).status).toBe(403);
    expect((await request(app, 'GET', `/api/smt/overview?asOf=${cuts.afterFirst}`, { token: hr.token })).status).toBe(403);
    expect(asked).toBe(0);
    expect(await replayedSchemas()).toEqual([]);
  });

  it('answers 202 while the replay is built, then the figures as they stood then (not what changed after)', async () => {
    const live = hrStatsSchema.parse((await request(app, 'GET', `/api/hr/stats?year=${YEAR}`, { token: hr.token })).body);
    expect(live.totalHours).toBe(14);

    const { first, last } = await untilReplayed(hrStatsAsOf(cuts.afterFirst), hr.token);
    expect(first.status).toBe(202);
    expect(last.status, JSON.stringify(last.body)).toBe(200);
    const then = hrStatsSchema.parse(last.body);
    expect(then).toMatchObject({ year: YEAR, totalUsers: 3, totalHours: 2, completedTraining: 1 });
    [firstSchema] = await replayedSchemas();
    expect(await replayedSchemas()).toEqual([firstSchema]);
  });

  it('gives the SMT overview from the same replay (keyed by log position), at once', async () => {
    const response = await request(app, 'GET', `/api/smt/overview?year=${YEAR}&asOf=${cuts.afterFirst}`, { token: smt.token });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(smtOverviewSchema.parse(response.body)).toMatchObject({ year: YEAR, totalHours: 2, totalAccounts: 3 });
    const live = smtOverviewSchema.parse((await request(app, 'GET', `/api/smt/overview?year=${YEAR}`, { token: smt.token })).body);
    expect(live.totalHours).toBe(14);
  });

  it('reads a date as the end of that UTC day, and its year by default', async () => {
    const yesterday = new Date(Date.now() - 86_400_000);
    const day = toIsoDate(yesterday.getUTCFullYear(), yesterday.getUTCMonth() + 1, yesterday.getUTCDate());
    const { last } = await untilReplayed(`/api/hr/stats?asOf=${day}`, hr.token);
    expect(last.status, JSON.stringify(last.body)).toBe(200);
    // The test's database was empty until today.
    expect(hrStatsSchema.parse(last.body)).toMatchObject({ year: yesterday.getUTCFullYear(), totalUsers: 0, totalHours: 0 });
  });

  it('keeps the 3 replays used last, dropping the least recently used one', async () => {
    const afterFirst = await replayedSchemas();
    expect(afterFirst).toHaveLength(2);
    expect((await untilReplayed(hrStatsAsOf(cuts.afterSecond), hr.token)).last.status).toBe(200);
    const three = await replayedSchemas();
    expect(three).toHaveLength(3);
    // The first moment's replay is read again, so the date's is now the least recently used.
    const first = await request(app, 'GET', hrStatsAsOf(cuts.afterFirst), { token: hr.token });
    expect(first.status).toBe(200);
    const { last } = await untilReplayed(hrStatsAsOf(cuts.afterThird), hr.token);
    expect(hrStatsSchema.parse(last.body).totalHours).toBe(9);
    const kept = await replayedSchemas();
    expect(kept).toHaveLength(3);
    expect(kept.filter((schema) => !three.includes(schema))).toHaveLength(1);
    const dropped = three.filter((schema) => !kept.includes(schema));
    expect(dropped).toHaveLength(1);
    expect(afterFirst).toContain(dropped[0]);
    expect(kept).toContain(firstSchema);
    expect((await request(app, 'GET', hrStatsAsOf(cuts.afterFirst), { token: hr.token })).status).toBe(200);
  });

  it('finds the replays of an earlier run again after a restart', async () => {
    await app.ctx.asOf.close();
    app.ctx.asOf = createAsOfReplays({
      pool: app.ctx.pool,
      eventstoreUrl: null,
      owner: app.ctx.jobOwner,
      personalData: app.ctx.personalData,
      log: app.ctx.log,
    });
    const response = await request(app, 'GET', hrStatsAsOf(cuts.afterSecond), { token: hr.token });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(hrStatsSchema.parse(response.body).totalHours).toBe(5);
  });

  it('answers a failed replay with 503 naming the failure once, and starts it again on the next request', async () => {
    const cut = await cutNow();
    const schema = asOfSchema({ position: await positionOfCut(app.ctx.store, { recordedBy: new Date(cut) }) });
    // Another session replaying into the same schema holds its lock: this replay fails.
    await app.ctx.db.connection().execute(async (connection) => {
      await sql`SELECT pg_advisory_lock(hashtext(${`tht:replay-aside:${schema}`}))`.execute(connection);
      try {
        const { last } = await untilReplayed(hrStatsAsOf(cut), hr.token);
        expect(last.status).toBe(503);
        expect(last.body.error).toBe(AS_OF_MESSAGES.replayFailed);
      } finally {
        await sql`SELECT pg_advisory_unlock(hashtext(${`tht:replay-aside:${schema}`}))`.execute(connection);
      }
    });
    const { first, last } = await untilReplayed(hrStatsAsOf(cut), hr.token);
    expect(first.status).toBe(202);
    expect(last.status, JSON.stringify(last.body)).toBe(200);
    expect(hrStatsSchema.parse(last.body).totalHours).toBe(14);
  });

  it('queues at most 3 replays, one per user at a time: a new moment beyond that gets 503 with Retry-After', async () => {
    await app.ctx.asOf.close();
    // One event per batch (a transaction per projector each): the replays stay under way while the bounds are checked.
    app.ctx.asOf = createAsOfReplays({
      pool: app.ctx.pool,
      eventstoreUrl: null,
      owner: app.ctx.jobOwner,
      personalData: app.ctx.personalData,
      log: app.ctx.log,
      batchSize: 1,
    });
    const [hr2, hr3] = await Promise.all([createUserAndLogin(app, { role: 'hr' }), createUserAndLogin(app, { role: 'hr' })]);
    const moments: string[] = [];
    for (let hours = 1; hours <= 5; hours += 1) {
      await logHours(hours);
      moments.push(await cutNow());
    }
    const ask = (user: SignedInTestUser, moment: string) => request(app, 'GET', hrStatsAsOf(moment), { token: user.token });
    const expectBusy = (response: JsonResponse, error: string) => {
      expect(response.status, JSON.stringify(response.body)).toBe(503);
      expect(response.body).toEqual({ error });
      expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    };

    expect((await ask(hr, moments[0]!)).status).toBe(202);
    expectBusy(await ask(hr, moments[1]!), AS_OF_MESSAGES.ownReplayUnderWay);
    expect((await ask(hr, moments[0]!)).status).toBe(202); // its own replay's progress, as before
    const others = await Promise.all([
      request(app, 'GET', `/api/smt/overview?asOf=${moments[1]}`, { token: smt.token }),
      ask(hr2, moments[2]!),
    ]);
    expect(others.map((response) => response.status)).toEqual([202, 202]);
    expectBusy(await ask(hr3, moments[3]!), AS_OF_MESSAGES.replaysBusy);
    expect((await ask(hr3, moments[2]!)).status).toBe(202); // a replay already queued is shared

    expect((await untilReplayed(hrStatsAsOf(moments[0]!), hr.token)).last.status).toBe(200);
    expect((await ask(hr, moments[4]!)).status).toBe(202);
    for (const [user, moment] of [
      [hr, moments[4]],
      [hr2, moments[2]],
    ] as const)
      expect((await untilReplayed(hrStatsAsOf(moment!), user.token)).last.status).toBe(200);
  }, 120_000);

  it('replays a moment again when its read models were dropped from outside (by an upgrade of the read models, or by hand)', async () => {
    const cut = await cutNow();
    const replayed = await untilReplayed(hrStatsAsOf(cut), hr.token);
    expect(replayed.last.status, JSON.stringify(replayed.last.body)).toBe(200);
    const schema = asOfSchema({ position: await positionOfCut(app.ctx.store, { recordedBy: new Date(cut) }) });
    await sql`DROP SCHEMA ${sql.id(schema)} CASCADE`.execute(app.ctx.db);
    await logHours(6); // the rendered answers are forgotten: the next one reads the read models

    const { first, last } = await untilReplayed(hrStatsAsOf(cut), hr.token);
    expect(first.status, JSON.stringify(first.body)).toBe(202);
    expect(last.status, JSON.stringify(last.body)).toBe(200);
    expect(last.body).toEqual(replayed.last.body);
    expect(await replayedSchemas()).toContain(schema);
  });

  it('replays a moment again when PostgreSQL restarted since its replay (a crash empties the unlogged read models)', async () => {
    const cut = await cutNow();
    const replayed = await untilReplayed(hrStatsAsOf(cut), hr.token);
    expect(replayed.last.status, JSON.stringify(replayed.last.body)).toBe(200);
    expect(hrStatsSchema.parse(replayed.last.body).totalHours).toBeGreaterThan(0);
    await asAfterACrash(await positionOfCut(app.ctx.store, { recordedBy: new Date(cut) }));
    await logHours(7); // the rendered answers are forgotten: the next one reads the read models

    const { first, last } = await untilReplayed(hrStatsAsOf(cut), hr.token);
    expect(first.status, JSON.stringify(first.body)).toBe(202);
    expect(last.status, JSON.stringify(last.body)).toBe(200);
    expect(last.body).toEqual(replayed.last.body);
  });
});
