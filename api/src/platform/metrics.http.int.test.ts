import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEPARTMENT_EXPORT_COLUMNS, EXPORT_SHEETS, METRICS_TOKEN_REQUIRED } from '@tht/contracts';
import { ConcurrencyError } from '@tht/eventstore';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { parseSettings } from '../config';
import { finished, upload } from '../testing/import-uploads';
import { createUserAndLogin, TEST_PASSWORD } from '../testing/accounts';
import { logEntryAs } from '../testing/entries';
import { request } from '../testing/request';
import { startTestApp, type TestApp } from '../testing/test-app';

const TOKEN = 'metrics-token-that-is-long-enough-0123456789';

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ config: { metricsToken: TOKEN, dataDir: await mkdtemp(path.join(tmpdir(), 'tht-metrics-test-')) } });
});

afterAll(() => app?.close());

async function scrape(): Promise<string> {
  const response = await request<string>(app, 'GET', '/api/metrics', { token: TOKEN });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}

/** The value of the sample `name{labels}` (labels as written in the text, '' for none). */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

/** How much `series` grew from the scrape `before` to `after`. */
const increase = (before: string, after: string, series: string) => (sample(after, series) ?? 0) - (sample(before, series) ?? 0);

describe('GET /api/metrics', () => {
  it('is served only to the bearer of METRICS_TOKEN', async () => {
    for (const token of [undefined, 'x'.repeat(TOKEN.length), TOKEN.slice(0, -1)]) {
      expect(await request(app, 'GET', '/api/metrics', { token })).toMatchObject({
        status: 401,
        body: { error: METRICS_TOKEN_REQUIRED },
      });
    }
    const user = await createUserAndLogin(app);
    expect((await request(app, 'GET', '/api/metrics', { token: user.token })).status).toBe(401);
    const served = await request<string>(app, 'GET', '/api/metrics', { token: TOKEN });
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toMatch(/^text\/plain/);
  });

  it('is not there without METRICS_TOKEN', async () => {
    const plain = await startTestApp({ databaseUrl: app.ctx.config.databaseUrl! });
    try {
      expect(await request(plain, 'GET', '/api/metrics', { token: TOKEN })).toMatchObject({
        status: 404,
        body: { error: 'Not found' },
      });
    } finally {
      await plain.close();
    }
  });

  it('has request durations by method, route pattern and status', async () => {
    const user = await createUserAndLogin(app);
    await request(app, 'DELETE', '/api/entries/999999', { token: user.token });
    const text = await scrape();
    expect(sample(text, 'http_request_duration_seconds_count{method="DELETE",route="/api/entries/:id",status="404"}')).toBe(1);
    expect(
      sample(text, 'http_request_duration_seconds_count{method="POST",route="/api/login",status="200"}'),
    ).toBeGreaterThanOrEqual(1);
    expect(text).toContain('http_request_duration_seconds_bucket{le="0.05",method="DELETE",route="/api/entries/:id",status="404"}');
  });

  it("has the process's CPU, memory and event-loop delay", async () => {
    const text = await scrape();
    for (const series of ['process_cpu_seconds_total', 'process_resident_memory_bytes', 'nodejs_eventloop_lag_max_seconds']) {
      expect(sample(text, series), series).toBeGreaterThanOrEqual(0);
    }
  });

  it("has each projector's lag in events and seconds", async () => {
    const text = await scrape();
    expect(sample(text, 'projection_lag_events{projector="entries"}')).toBe(0);
    expect(sample(text, 'projection_lag_seconds{projector="entries"}')).toBe(0);
  });

  it('counts sign-in failures and refusals', async () => {
    const user = await createUserAndLogin(app);
    const before = await scrape();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 30 && !statuses.includes(429); attempt++) {
      statuses.push(
        (await request(app, 'POST', '/api/login', { body: { username: user.user.email, password: `${TEST_PASSWORD}-wrong` } }))
          .status,
      );
    }
    const after = await scrape();
    expect(increase(before, after, 'sign_in_failures_total')).toBe(statuses.filter((status) => status === 401).length);
    expect(increase(before, after, 'sign_in_refusals_total')).toBe(1);
  });

  it('times and counts event-store appends and the events appended, and the appends refused for a stream that moved on', async () => {
    const user = await createUserAndLogin(app);
    const before = await scrape();
    await logEntryAs(app, user, { trainingName: 'Counted course', date: '2026-02-02', hours: 1 });
    const after = await scrape();
    expect(increase(before, after, 'event_store_append_duration_seconds_count{outcome="appended"}')).toBe(1);
    expect(increase(before, after, 'event_store_appended_events_total')).toBe(1);
    expect(after).toContain('event_store_append_duration_seconds_bucket{le="0.01",outcome="appended"}');

    const event = {
      type: 'MetricsProbeNoted',
      data: {},
      metadata: { actorId: null, correlationId: 'metrics-test', occurredAt: new Date().toISOString(), schemaVersion: 1 },
    };
    const stream = `metrics-probe-${crypto.randomUUID()}`;
    await app.ctx.store.append(stream, [event, event], 'no_stream');
    await expect(app.ctx.store.append(stream, [event], 'no_stream')).rejects.toThrow(ConcurrencyError);
    const later = await scrape();
    expect(increase(after, later, 'event_store_appended_events_total')).toBe(2);
    expect(increase(after, later, 'event_store_append_duration_seconds_count{outcome="conflict"}')).toBe(1);
  });

  it('counts cache hits and misses per cache, rendered bodies included', async () => {
    const user = await createUserAndLogin(app);
    const before = await scrape();
    // A projection batch landing between two reads makes the second a miss too: read until one is a hit.
    await vi.waitFor(
      async () => {
        expect((await request(app, 'GET', '/api/stats', { token: user.token })).status).toBe(200);
        expect(increase(before, await scrape(), 'cache_lookups_total{cache="responses",result="hit"}')).toBeGreaterThan(0);
      },
      { timeout: 5_000, interval: 20 },
    );
    const after = await scrape();
    expect(increase(before, after, 'cache_lookups_total{cache="responses",result="miss"}')).toBeGreaterThan(0);
    expect(increase(before, after, 'cache_lookups_total{cache="principals",result="hit"}')).toBeGreaterThan(0);
  });

  it('counts import rows written and failed, and times imports', async () => {
    const admin = await createUserAndLogin(app, { role: 'admin' });
    const workbook = new ExcelJS.Workbook();
    const departments = workbook.addWorksheet(EXPORT_SHEETS.departments);
    departments.addRow([...DEPARTMENT_EXPORT_COLUMNS]);
    departments.addRow(['', 'Metered Department', '']);
    const file = { name: 'departments.xlsx', content: new Uint8Array(await workbook.xlsx.writeBuffer()) };
    const before = await scrape();
    // Both imports are checked before either writes (appends wait for the lock): both plan the new department, one gets it.
    const started = await app.ctx.db.connection().execute(async (connection) => {
      await sql`BEGIN`.execute(connection);
      await sql`LOCK TABLE eventstore.events IN EXCLUSIVE MODE`.execute(connection);
      try {
        return [await upload(app, admin.token, file), await upload(app, admin.token, file)];
      } finally {
        await sql`COMMIT`.execute(connection);
      }
    });
    const jobs = await Promise.all(started.map((each) => finished(app, admin.token, each)));
    expect(jobs.map((job) => [job.created.departments, job.report.failed]).sort()).toEqual([
      [0, 1],
      [1, 0],
    ]);
    const after = await scrape();
    expect(increase(before, after, 'import_rows_total{outcome="written"}')).toBe(1);
    expect(increase(before, after, 'import_rows_total{outcome="failed"}')).toBe(1);
    expect(increase(before, after, 'import_duration_seconds_count{status="completed"}')).toBe(2);
  });
});

describe('METRICS_TOKEN', () => {
  it('is at least 32 characters', () => {
    expect(() => parseSettings({ METRICS_TOKEN: 'short' })).toThrow('METRICS_TOKEN must be at least 32 characters');
    expect(parseSettings({ METRICS_TOKEN: TOKEN }).metricsToken).toBe(TOKEN);
    expect(parseSettings({}).metricsToken).toBeNull();
  });
});
