// `npx tsx bench/probes/security-attacks.ts`: tries the attacks of issue #17 against a running
// product (a fresh one started as `npm start` does, or BENCH_BASE_URL) and prints one line per
// attack with what it measured. Not a benchmark: `npm run bench` does not run it.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { repoRoot } from '../../e2e/src/support/product';
import { runBenchmark, type BenchProduct } from '../support/product';
import { caller, countOf, type Answer, type Call } from './support-call';

const cookiesOf = (answer: Answer) =>
  answer.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0]!)
    .join('; ');

async function resetTakeover(call: Call, product: BenchProduct): Promise<string> {
  const request = await call('POST', '/api/reset-password', { body: { username: product.adminEmail } });
  const leaked = /[0-9a-f]{64}/.exec(request.text)?.[0];
  const confirm = leaked
    ? await call('POST', '/api/reset-password-confirm', { body: { token: leaked, password: 'Attacker-password-1' } })
    : null;
  const unknown = await call('POST', '/api/reset-password', { body: { username: `nobody-${randomUUID()}@example.com` } });
  return [
    `request ${request.status}, token in the answer: ${leaked ? 'yes' : 'no'}`,
    confirm ? `confirm with it: ${confirm.status}` : 'nothing to confirm with',
    `unknown address: ${unknown.status} (${unknown.text === request.text ? 'same answer' : 'a different answer'})`,
  ].join('; ');
}

async function stolenTokenSetsPassword(call: Call, token: string): Promise<string> {
  const answer = await call('POST', '/api/set-password', {
    token,
    body: { password: 'Stolen-password-1', confirmPassword: 'Stolen-password-1' },
  });
  return `set-password without the current password: ${answer.status} ${answer.text.slice(0, 80)}`;
}

async function auditHashes(call: Call, adminToken: string): Promise<string> {
  const audit = await call('GET', '/api/audit/events', { token: adminToken });
  const hashes = audit.text.match(/\$argon2/g)?.length ?? 0;
  const fields = audit.text.match(/"(passwordHash|tokenHash)"\s*:\s*"(?!\[redacted\])[^"]/g)?.length ?? 0;
  const redacted = audit.text.match(/"(passwordHash|tokenHash)"\s*:\s*"\[redacted\]"/g)?.length ?? 0;
  return `GET /api/audit/events ${audit.status}, ${audit.text.length} bytes: ${hashes} argon2 hashes, ${fields} hash fields with a value, ${redacted} redacted`;
}

async function headersOf(call: Call): Promise<string> {
  const wanted = ['content-security-policy', 'x-content-type-options', 'x-frame-options', 'referrer-policy'];
  const describe = (answer: Answer) => wanted.filter((name) => answer.headers.has(name)).join(', ') || 'none';
  const page = await call('GET', '/');
  const api = await call('GET', '/api/health');
  const csp = page.headers.get('content-security-policy') ?? '';
  const scriptSrc = /script-src[^;]*/.exec(csp)?.[0] ?? '(no script-src)';
  const frameAncestors = /frame-ancestors[^;]*/.exec(csp)?.[0] ?? '(no frame-ancestors)';
  return `/ has ${describe(page)}; /api/health has ${describe(api)}; ${scriptSrc}; ${frameAncestors}`;
}

async function crossSitePost(call: Call, adminToken: string): Promise<string> {
  const cookie = `authToken=${adminToken}`;
  const foreign = await call('POST', '/api/sync-roles', { headers: { cookie, origin: 'https://evil.example' } });
  const crossSite = await call('POST', '/api/sync-roles', { headers: { cookie, 'sec-fetch-site': 'cross-site' } });
  return `cookie POST /api/sync-roles from Origin https://evil.example: ${foreign.status}; with Sec-Fetch-Site cross-site: ${crossSite.status}`;
}

function composeFindings(): string {
  const compose = parse(readFileSync(join(repoRoot, 'docker-compose.yml'), 'utf8')) as {
    services: Record<string, { ports?: string[]; environment?: Record<string, string> }>;
  };
  const published = Object.entries(compose.services)
    .filter(([, service]) => (service.ports ?? []).length > 0)
    .map(([name, service]) => `${name} ${service.ports!.join(',')}`);
  const api = compose.services.api?.environment ?? {};
  const text = readFileSync(join(repoRoot, 'docker-compose.yml'), 'utf8');
  return [
    `published: ${published.join('; ') || 'nothing'}`,
    `default PostgreSQL password: ${text.includes('tht-local-only') ? 'yes' : 'no'}`,
    `API DATABASE_URL user: ${/postgres:\/\/([^:]+):/.exec(String(api.DATABASE_URL ?? text))?.[1] ?? '?'}`,
    `TRUST_PROXY: ${api.TRUST_PROXY ?? '?'}`,
  ].join('; ');
}

async function logoutOnOneDevice(call: Call, product: BenchProduct, email: string, password: string): Promise<string> {
  const phone = await product.accounts.signInToken(email, password);
  const laptop = await product.accounts.signInToken(email, password);
  await call('POST', '/api/logout', { token: phone });
  const laptopAfter = await call('GET', '/api/user', { token: laptop });
  const phoneAfter = await call('GET', '/api/user', { token: phone });
  return `after logout on the phone: phone ${phoneAfter.status}, laptop ${laptopAfter.status}`;
}

async function concurrentGuesses(call: Call, email: string, guesses: number): Promise<string> {
  const statuses = await Promise.all(
    Array.from({ length: guesses }, (_, i) =>
      call('POST', '/api/login', { body: { username: email, password: `wrong-${i}-guess` } }).then((a) => a.status),
    ),
  );
  return `${guesses} concurrent wrong passwords: ${countOf(statuses, 401)} checked (401), ${countOf(statuses, 429)} refused (429)`;
}

/** `earlier` is this browser's successful sign-in before the address went over its limits. */
async function addressLockout(call: Call, email: string, password: string, earlier: Answer): Promise<string> {
  const deviceCookie = cookiesOf(earlier)
    .split('; ')
    .filter((cookie) => !cookie.startsWith('authToken='))
    .join('; ');
  const failures = [];
  for (let i = 0; i < 100; i += 1) {
    failures.push(
      (
        await call('POST', '/api/login', {
          body: { username: `someone-${i}-${randomUUID().slice(0, 6)}@example.com`, password: 'wrong-password' },
        })
      ).status,
    );
  }
  const withDevice = await call('POST', '/api/login', {
    body: { username: email, password },
    headers: deviceCookie ? { cookie: deviceCookie } : {},
  });
  const withoutDevice = await call('POST', '/api/login', { body: { username: email, password } });
  return [
    `100 failed sign-ins for other accounts from one address (${countOf(failures, 429)} of them already 429)`,
    `then the right password from a browser that signed in before: ${withDevice.status}`,
    `from a new browser: ${withoutDevice.status}`,
  ].join('; ');
}

await runBenchmark('security-attacks', async (product) => {
  const call = caller(product.baseUrl);
  const adminToken = await product.accounts.adminToken();
  const victim = await product.accounts.registerAccount();
  const lines: Array<[string, string]> = [];
  const record = async (attack: string, measure: () => Promise<string> | string) => {
    lines.push([attack, await measure()]);
    console.log(`${attack}: ${lines.at(-1)![1]}`);
  };
  await record('reset takeover', () => resetTakeover(call, product));
  await record('stolen token', async () =>
    stolenTokenSetsPassword(call, await product.accounts.signInToken(victim.email, victim.password)),
  );
  await record('audit stream', () => auditHashes(call, adminToken));
  await record('headers', () => headersOf(call));
  await record('cross-site cookie POST', () => crossSitePost(call, adminToken));
  await record('docker-compose', composeFindings);
  const phoneUser = await product.accounts.registerAccount();
  await record('logout on a phone', () => logoutOnOneDevice(call, product, phoneUser.email, phoneUser.password));
  // Last: these leave this address over its sign-in limits.
  const guessed = await product.accounts.registerAccount();
  const lockedOut = await product.accounts.registerAccount();
  const earlierSignIn = await call('POST', '/api/login', { body: { username: lockedOut.email, password: lockedOut.password } });
  await record('concurrent guesses', () => concurrentGuesses(call, guessed.email, 200));
  await record('address lockout', () => addressLockout(call, lockedOut.email, lockedOut.password, earlierSignIn));

  console.log('\n| attack | measured |\n|---|---|');
  for (const [attack, figure] of lines) console.log(`| ${attack} | ${figure} |`);
});
