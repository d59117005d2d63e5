import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from './testing/request';
import { startTestApp, type TestApp } from './testing/test-app';

let frontEndRoot: string;
let app: TestApp;

async function writeFiles(root: string, files: Record<string, string>): Promise<void> {
  for (const [file, content] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), content);
  }
}

beforeAll(async () => {
  frontEndRoot = await mkdtemp(path.join(os.tmpdir(), 'tht-front-end-'));
  await writeFiles(frontEndRoot, {
    'shell/dist/index.html': '<!doctype html><title>shell</title>',
    'shell/dist/main.js': 'console.log("shell")',
    'mf-hr/dist/mf-manifest.json': '{"name":"mf_hr"}',
    'mf-hr/dist/remoteEntry.js': 'var mf_hr;',
    'mf-hr/dist/540.2a0f77c645.js': 'export {}',
  });
  app = await startTestApp({ frontEndRoot, config: { remoteUrls: { MF_SMT_URL: 'https://smt.example.com/mf-manifest.json' } } });
});

afterAll(() => app?.close());

describe('request bodies', () => {
  it('answers malformed JSON with 400 and a JSON error', async () => {
    expect(await request(app, 'POST', '/api/login', { rawBody: '{"username": "a@example.com",' })).toMatchObject({
      status: 400,
      body: { error: 'Malformed JSON in request body' },
    });
  });

  it('answers a body over the limit with 413', async () => {
    const response = await request(app, 'POST', '/api/entries/bulk', { body: { notes: 'x'.repeat(3 * 1024 * 1024) } });
    expect(response).toMatchObject({ status: 413, body: { error: 'Request body too large' } });
  });

  it('accepts a 500-row bulk entry payload with long notes (it reaches routing: no 413)', async () => {
    const row = {
      trainingName: 'Advanced risk management and regulatory reporting',
      date: '2026-03-14',
      hours: '7.5',
      managerName: 'Grace Hopper',
      department: 'Operations',
      trainingType: 'external',
      courseGivenBy: 'Institute of Risk Management',
      rating: 5,
      beInnovative: true,
      notes: 'n'.repeat(1000),
    };
    const response = await request(app, 'POST', '/api/no-such-bulk-endpoint', {
      body: { entries: Array.from({ length: 500 }, () => row), validateData: true },
    });
    expect(response.status).toBe(404);
  });
});

describe('routing', () => {
  it('answers unknown API paths with a JSON 404, for every method', async () => {
    for (const method of ['GET', 'POST', 'PUT', 'DELETE']) {
      expect(await request(app, method, '/api/definitely/not/here')).toMatchObject({ status: 404, body: { error: 'Not found' } });
    }
  });

  it('echoes a sane x-correlation-id and invents one otherwise', async () => {
    const echoed = await request(app, 'GET', '/api/health', { headers: { 'x-correlation-id': 'trace-123' } });
    expect(echoed.headers.get('x-correlation-id')).toBe('trace-123');
    const invented = await request(app, 'GET', '/api/health', { headers: { 'x-correlation-id': 'not a {sane} id' } });
    expect(invented.headers.get('x-correlation-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('public organisation settings', () => {
  it('tells signed-out forms the organisation e-mail domain', async () => {
    expect(await request(app, 'GET', '/api/config')).toMatchObject({
      status: 200,
      body: { orgEmailDomain: app.ctx.config.orgEmailDomain },
    });
  });
});

describe('front ends', () => {
  it('lists the remotes: same-origin manifests by default, MF_*_URL where set', async () => {
    expect(await request(app, 'GET', '/api/remotes')).toMatchObject({
      status: 200,
      body: {
        mf_employee: '/remotes/mf-employee/mf-manifest.json',
        mf_manager: '/remotes/mf-manager/mf-manifest.json',
        mf_hr: '/remotes/mf-hr/mf-manifest.json',
        mf_smt: 'https://smt.example.com/mf-manifest.json',
        mf_admin: '/remotes/mf-admin/mf-manifest.json',
      },
    });
  });

  it('serves the shell at / and its index.html for every page route, uncached', async () => {
    for (const page of ['/', '/auth?tab=reset', '/admin', '/some/unknown/page']) {
      const response = await request(app, 'GET', page, { headers: { accept: 'text/html' } });
      expect(response.status, page).toBe(200);
      expect(response.body, page).toContain('<title>shell</title>');
      expect(response.headers.get('cache-control'), page).toBe('no-cache');
    }
  });

  it('serves shell assets as files and a missing asset as 404, not as the page', async () => {
    const main = await request(app, 'GET', '/main.js');
    expect(main).toMatchObject({ status: 200, body: 'console.log("shell")' });
    expect(main.headers.get('cache-control')).toBe('no-cache');
    expect((await request(app, 'GET', '/missing-chunk.js')).status).toBe(404);
  });

  it('serves a remote under /remotes/<folder>/ with CORS open, its manifest and entry revalidated, hashed chunks cached', async () => {
    const manifest = await request(app, 'GET', '/remotes/mf-hr/mf-manifest.json');
    expect(manifest).toMatchObject({ status: 200, body: { name: 'mf_hr' } });
    expect(manifest.headers.get('access-control-allow-origin')).toBe('*');
    expect(manifest.headers.get('cache-control')).toBe('no-cache');

    const entry = await request(app, 'GET', '/remotes/mf-hr/remoteEntry.js');
    expect(entry.headers.get('cache-control')).toBe('no-cache');
    const chunk = await request(app, 'GET', '/remotes/mf-hr/540.2a0f77c645.js');
    expect(chunk.status).toBe(200);
    expect(chunk.headers.get('access-control-allow-origin')).toBe('*');
    expect(chunk.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');

    expect((await request(app, 'GET', '/remotes/mf-hr/nothing.js')).status).toBe(404);
  });
});
