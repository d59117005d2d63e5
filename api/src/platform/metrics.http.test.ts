import { METRICS_TOKEN_REQUIRED } from '@tht/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseSettings } from '../config';
import { createUserAndLogin, TEST_PASSWORD } from '../testing/accounts';
import { request } from '../testing/request';
import { startTestApp, type TestApp } from '../testing/test-app';

const TOKEN = 'metrics-token-that-is-long-enough-0123456789';

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ config: { metricsToken: TOKEN } });
});

afterAll(() => app?.close());

const scrape = async () => (await request<string>(app, 'GET', '/api/metrics', { token: TOKEN })).body;

/** The value of the sample `name{labels}` (labels as written in the text, '' for none). */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

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
    const increase = (series: string) => (sample(after, series) ?? 0) - (sample(before, series) ?? 0);
    expect(increase('sign_in_failures_total')).toBe(statuses.filter((status) => status === 401).length);
    expect(increase('sign_in_refusals_total')).toBe(1);
  });
});

describe('METRICS_TOKEN', () => {
  it('is at least 32 characters', () => {
    expect(() => parseSettings({ METRICS_TOKEN: 'short' })).toThrow('METRICS_TOKEN must be at least 32 characters');
    expect(parseSettings({ METRICS_TOKEN: TOKEN }).metricsToken).toBe(TOKEN);
    expect(parseSettings({}).metricsToken).toBeNull();
  });
});
