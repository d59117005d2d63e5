import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from '../testing/request';
import { startTestApp, type TestApp } from '../testing/test-app';
import { remoteOrigins } from './security-headers';

/** The Content-Security-Policy header as directive name -> sources. */
function directivesOf(header: string | null): Record<string, string[]> {
  return Object.fromEntries(
    (header ?? '')
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name!, sources]),
  );
}

const PATHS = ['/', '/auth', '/api/health', '/api/user', '/api/nowhere', '/api/docs'];

describe('security headers over plain http (the default PUBLIC_URL)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app?.close());

  it.each(PATHS)('%s: a CSP without inline script or eval, never framed, nosniff, no referrer, no HSTS', async (path) => {
    const { headers } = await request(app, 'GET', path);
    const csp = directivesOf(headers.get('content-security-policy'));
    expect(csp['default-src']).toEqual(["'self'"]);
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(csp['script-src-attr']).toEqual(["'none'"]);
    expect(csp['connect-src']).toEqual(["'self'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
    expect(headers.get('x-frame-options')).toBe('DENY');
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(headers.get('referrer-policy')).toBe('no-referrer');
    expect(headers.get('strict-transport-security')).toBeNull();
    // Helmet's other defaults, kept though its headers are now worked out once.
    expect(headers.get('cross-origin-opener-policy')).toBe('same-origin');
    expect(headers.get('origin-agent-cluster')).toBe('?1');
    expect(headers.get('x-dns-prefetch-control')).toBe('off');
    expect(headers.get('x-download-options')).toBe('noopen');
    expect(headers.get('x-permitted-cross-domain-policies')).toBe('none');
    expect(headers.get('x-xss-protection')).toBe('0');
    expect(headers.get('x-powered-by')).toBeNull();
  });

  it("lets another origin's shell load this server's remotes, but nothing else", async () => {
    const remote = await request(app, 'GET', '/remotes/mf-hr/mf-manifest.json');
    expect(remote.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect((await request(app, 'GET', '/api/health')).headers.get('cross-origin-resource-policy')).toBe('same-origin');
  });
});

describe('security headers when public over https, with a remote on another server', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({
      config: {
        publicUrl: 'https://training.example.org',
        remoteUrls: { MF_HR_URL: 'https://cdn.example.org:8443/hr/mf-manifest.json', MF_SMT_URL: '/elsewhere/mf-manifest.json' },
      },
    });
  });
  afterAll(() => app?.close());

  it.each(['/', '/api/health'])('%s: HSTS for a year, and the remote origin may give scripts and manifests', async (path) => {
    const { headers } = await request(app, 'GET', path);
    expect(headers.get('strict-transport-security')).toMatch(/^max-age=31536000\b/);
    const csp = directivesOf(headers.get('content-security-policy'));
    expect(csp['script-src']).toEqual(["'self'", 'https://cdn.example.org:8443']);
    expect(csp['connect-src']).toEqual(["'self'", 'https://cdn.example.org:8443']);
  });
});

describe('remoteOrigins', () => {
  it('gives each absolute MF_*_URL origin once and skips paths on this server', () => {
    expect(
      remoteOrigins({
        MF_HR_URL: 'https://cdn.example.org/hr/mf-manifest.json',
        MF_SMT_URL: 'https://cdn.example.org/smt/mf-manifest.json',
        MF_ADMIN_URL: 'http://127.0.0.1:9000/mf-manifest.json',
        MF_EMPLOYEE_URL: '/remotes/mf-employee/mf-manifest.json',
      }),
    ).toEqual(['https://cdn.example.org', 'http://127.0.0.1:9000']);
  });
});
