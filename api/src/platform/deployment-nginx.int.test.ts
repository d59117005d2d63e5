import { spawn, spawnSync, type ChildProcess, type SpawnSyncReturns } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { ACCOUNT_MESSAGES as M, ADMIN_MESSAGES } from '@tht/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_LIMITS } from '../auth/login-limiter';
import { REPO_ROOT } from '../config';
import { createUserAndLogin } from '../testing/accounts';
import { freePort } from '@tht/test-kit';
import { startTestApp, type TestApp } from '../testing/test-app';
import { REMOTES } from './remotes';

/**
 * docker/nginx/shell.conf, the compose deployment's one published server, run by a real nginx
 * (Debian's `nginx-light`, which .ci/run installs) in front of the product, with a TLS proxy in
 * front of nginx played by this test. Each stands on a loopback address of its own, as each has
 * its own address in a deployment: nginx connects to the API from NGINX (`proxy_bind`, the one
 * line this test adds), the TLS proxy speaks from TLS_PROXY, and a client that reaches nginx
 * directly from CLIENT. The API believes both proxies (TRUST_PROXY, as docs/operations.md says to
 * set it for a proxy in front of nginx).
 */
const NGINX = '127.0.0.2';
const TLS_PROXY = '127.0.0.3';
const CLIENT = '127.0.0.1';
/** The organisation directory's bearer token (SCIM_TOKEN). */
const SCIM_TOKEN = 'directory-token-0123456789abcdef0123456789';

const nginxBinary = ['nginx', '/usr/sbin/nginx'].find((binary) => spawnSync(binary, ['-v']).status === 0);

/** The shell's nginx as compose runs it, with the addresses of this machine: each replaced text must be there. */
function testConfig(dir: string, shellConf: string, ports: { nginx: number; api: number }): string {
  const replacements: Array<[string, string]> = [
    ['listen 80;', `listen 127.0.0.1:${ports.nginx};`],
    ['http://api:8080', `http://127.0.0.1:${ports.api}`],
    ['/usr/share/nginx/html', path.join(dir, 'html')],
    ['/etc/nginx/snippets/security-headers.conf', path.join(REPO_ROOT, 'docker/nginx/security-headers.conf')],
  ];
  let server = shellConf;
  for (const [text, replacement] of replacements) {
    if (!server.includes(text)) throw new Error(`docker/nginx/shell.conf no longer has "${text}": update this test`);
    server = server.replaceAll(text, replacement);
  }
  // The remotes' static servers are not started: nothing here asks for their files.
  const remotes = REMOTES.map(({ folder }) => `upstream ${folder} { server 127.0.0.1:9; }`).join('\n  ');
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `${kind}_temp_path ${path.join(dir, kind)};`);
  return `daemon off;
worker_processes 1;
pid ${path.join(dir, 'nginx.pid')};
error_log ${path.join(dir, 'error.log')} warn;
events { worker_connections 64; }
http {
  access_log off;
  ${temp.join('\n  ')}
  proxy_bind ${NGINX};
  ${remotes}
${server}
}
`;
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One HTTP/1.1 request to nginx from the loopback address `from`. */
function send(
  port: number,
  from: string,
  {
    method = 'GET',
    path: target,
    headers = {},
    body,
  }: { method?: string; path: string; headers?: Record<string, string>; body?: Buffer | string },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest({ host: '127.0.0.1', port, localAddress: from, method, path: target, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString() }),
      );
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

/** How many requests are answered 200 before the first refusal (429), which must come within 1,000. */
async function answersBeforeRefusal(ask: () => Promise<Answer>): Promise<number> {
  for (let answered = 0; answered < 1000; answered++) {
    const { status } = await ask();
    if (status === 429) return answered;
    expect(status).toBe(200);
  }
  throw new Error('No refusal within 1,000 requests');
}

if (!nginxBinary) {
  console.info('nginx deployment test skipped: no nginx on PATH or at /usr/sbin/nginx (Debian: apt-get install nginx-light).');
}

describe.skipIf(!nginxBinary)('docker/nginx/shell.conf in front of the product, behind a TLS proxy', () => {
  let app: TestApp;
  let dir: string;
  let configTest: SpawnSyncReturns<string>;
  let nginx: ChildProcess | undefined;
  let port: number;

  /** As the TLS proxy in front of nginx sends a browser's request: the browser's address appended, its protocol said. */
  const viaTlsProxy = (client: string, init: { method?: string; path: string; headers?: Record<string, string>; body?: string }) =>
    send(port, TLS_PROXY, {
      ...init,
      headers: { 'x-forwarded-for': client, 'x-forwarded-proto': 'https', host: 'training.example.org', ...init.headers },
    });

  beforeAll(async () => {
    app = await startTestApp({
      config: { trustProxy: `${NGINX}, ${TLS_PROXY}`, scim: { token: SCIM_TOKEN, groupRoles: new Map() } },
    });
    dir = await mkdtemp(path.join(os.tmpdir(), 'tht-nginx-'));
    // nginx's workers (another user when started by root) write request bodies under it.
    await chmod(dir, 0o755);
    await mkdir(path.join(dir, 'html'));
    port = await freePort();
    const shellConf = await readFile(path.join(REPO_ROOT, 'docker/nginx/shell.conf'), 'utf8');
    const configFile = path.join(dir, 'nginx.conf');
    await writeFile(configFile, testConfig(dir, shellConf, { nginx: port, api: Number(new URL(app.baseUrl).port) }));
    const options = ['-p', dir, '-c', configFile, '-e', path.join(dir, 'error.log')];
    configTest = spawnSync(nginxBinary!, ['-t', ...options], { encoding: 'utf8' });
    if (configTest.status !== 0) return;
    nginx = spawn(nginxBinary!, options, { stdio: 'ignore' });
    const deadline = Date.now() + 10_000;
    while (!(await send(port, CLIENT, { path: '/api/health/live' }).catch(() => null)) && Date.now() < deadline) await sleep(50);
  });

  afterAll(async () => {
    if (nginx && nginx.exitCode === null) {
      const exited = new Promise((resolve) => nginx!.once('exit', resolve));
      nginx.kill('SIGTERM');
      await exited;
    }
    await app?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('is a configuration nginx accepts (nginx -t)', () => {
    expect(configTest.status, configTest.stderr).toBe(0);
  });

  it('passes requests on to the API', async () => {
    expect((await send(port, CLIENT, { path: '/api/health/live' })).status).toBe(200);
  });

  it("passes the directory's SCIM requests on to the API, which answers them as SCIM", async () => {
    const answer = await viaTlsProxy('203.0.113.6', {
      path: '/scim/v2/ServiceProviderConfig',
      headers: { authorization: `Bearer ${SCIM_TOKEN}` },
    });
    expect(answer.status, answer.body).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ schemas: ['urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig'] });
  });

  it("passes a connected system's xAPI requests on to the Learning Record Store", async () => {
    const answer = await viaTlsProxy('203.0.113.9', { path: '/xapi/about' });
    expect(answer.status, answer.body).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ version: expect.arrayContaining(['1.0.3', '2.0.0']) });
  });

  it("keeps the client's address the TLS proxy gives: the request limits count each client, not the proxy", async () => {
    const check = (client: string) => viaTlsProxy(client, { path: '/api/check-email/someone@example.com' });
    expect(await answersBeforeRefusal(() => check('203.0.113.7'))).toBeGreaterThan(0);
    expect((await check('203.0.113.8')).status).toBe(200);
  });

  it("locks out the guesser's address, not everyone's: a colleague behind the same proxy still signs in", async () => {
    const { user, password } = await createUserAndLogin(app);
    const login = (client: string, attempt: string) =>
      viaTlsProxy(client, {
        method: 'POST',
        path: '/api/login',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: user.email, password: attempt }),
      });
    for (let i = 0; i < LOGIN_LIMITS.perAccountAndAddress.points; i++)
      expect((await login('198.51.100.7', 'wrong-guess')).status).toBe(401);
    const refused = await login('198.51.100.7', password);
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.body)).toEqual({ error: M.tooManyLoginAttempts });
    expect((await login('198.51.100.8', password)).status).toBe(200);
  });

  it('passes the protocol the browser used on, so a page of the https origin may change things with its cookie', async () => {
    const origin = 'https://training.example.org';
    const logout = await viaTlsProxy('203.0.113.9', {
      method: 'POST',
      path: '/api/logout',
      headers: { cookie: 'authToken=ended', origin },
    });
    expect(logout.status, logout.body).toBe(200);
  });

  it("never believes a client's own X-Forwarded-For when it reaches nginx directly", async () => {
    let claimed = 0;
    const check = () =>
      send(port, CLIENT, { path: '/api/check-email/someone@example.com', headers: { 'x-forwarded-for': `192.0.2.${++claimed}` } });
    expect(await answersBeforeRefusal(check)).toBeGreaterThan(0);
  });

  it("takes an import's file and an entry's evidence of more than 2 MB to the API (nginx's own limit is 2 MB elsewhere)", async () => {
    const { token } = await createUserAndLogin(app, { role: 'admin' });
    const boundary = 'tht-test-boundary';
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="notes.txt"\r\n\r\n`),
      Buffer.alloc(3 * 1024 * 1024, 'a'),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const upload = (target: string) =>
      send(port, CLIENT, {
        method: 'POST',
        path: target,
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(body.length),
        },
        body,
      });
    // The API's own refusal of the file's type, after reading it: not nginx's 413.
    const imported = await upload('/api/import?dryRun=true');
    expect(imported.status, imported.body).toBe(415);
    expect(JSON.parse(imported.body)).toEqual({ error: ADMIN_MESSAGES.importUnsupportedType });
    // An evidence upload reaches the API too (which finds no such entry), and a JSON route keeps nginx's limit.
    const attached = await upload('/api/entries/999999/evidence');
    expect(attached.status, attached.body).toBe(404);
    expect(JSON.parse(attached.body)).toHaveProperty('error');
    expect((await upload('/api/entries')).status).toBe(413);
  });
});
