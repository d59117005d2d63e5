// `npx tsx bench/probes/identity-round-2.ts`: tries the findings of issue #28 against a product
// started as `npm start` does (fresh DATA_DIR, single sign-on through a real OpenID Connect provider
// in this process, no SMTP_URL) and prints one line per finding with what it measured. Not a
// benchmark: `npm run bench` does not run it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { parse } from 'yaml';
import { SSO_CALLBACK_PATH } from '@tht/contracts';
import { CookieBrowser } from '../../api/src/testing/cookie-browser';
import { startTestIdentityProvider } from '../../api/src/testing/test-identity-provider';
import { accountsApi, ACCOUNT_PASSWORD, E2E_DEPARTMENT, uniqueEmail } from '../../e2e/src/support/accounts';
import { repoRoot, startProduct, type RunningProduct, type StartedProduct } from '../../e2e/src/support/product';
import { caller, countOf, type Answer, type Call } from './support-call';

const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<string, number>;
const tokenOf = (answer: Answer) => (JSON.parse(answer.text) as { authToken?: string }).authToken;

/** Row 1: a squatter registers the hire's address, then the hire signs in through the provider. */
async function squat(call: Call, product: RunningProduct): Promise<string> {
  const email = uniqueEmail('new.hire');
  const registered = await call('POST', '/api/register', {
    body: {
      email,
      firstName: 'Squat',
      lastName: 'Ter',
      department: E2E_DEPARTMENT,
      password: ACCOUNT_PASSWORD,
      confirmPassword: ACCOUNT_PASSWORD,
    },
  });
  const squatterToken = tokenOf(registered);
  const owner = new CookieBrowser();
  const landed = await owner.singleSignOn(product.baseUrl, email);
  const password = await call('POST', '/api/login', { body: { username: email, password: ACCOUNT_PASSWORD } });
  const oldToken = squatterToken ? (await call('GET', '/api/user', { token: squatterToken })).status : 'none';
  return `registration ${registered.status}; the owner's sign-in at the provider lands on ${landed}; then the squatter's password: ${password.status}, the squatter's token: ${oldToken}`;
}

/** Row 2: a password session's token shown to the completion of a single sign-on. */
async function renewal(call: Call, token: string): Promise<string> {
  const answer = await call('POST', '/api/auth/oidc/complete', { token });
  const renewed = answer.status === 200 ? tokenOf(answer) : undefined;
  const later = renewed ? claimsOf(renewed).exp! - claimsOf(token).exp! : null;
  return `POST /api/auth/oidc/complete with a password session's token: ${answer.status}${renewed ? `, a new token ${later} s later to expire` : ', no token'}`;
}

/** Row 3: how long a token lives. */
function lifetime(token: string): string {
  const { iat, exp } = claimsOf(token);
  return `a new token's exp - iat: ${((exp! - iat!) / 3600).toFixed(2)} h`;
}

/** Row 4: passwords attackers spray with. */
async function sprayedPasswords(call: Call): Promise<string> {
  const tries = ['123456', 'password', 'qwerty123', 'Password1', 'Temp-Pass1'];
  const answers = [];
  const refusals = new Set<string>();
  for (const password of tries) {
    const body = {
      email: uniqueEmail('spray'),
      firstName: 'Spray',
      lastName: 'Ed',
      department: E2E_DEPARTMENT,
      password,
      confirmPassword: password,
    };
    const answer = await call('POST', '/api/register', { body });
    answers.push(`${password} ${answer.status}`);
    if (answer.status === 400) refusals.add((JSON.parse(answer.text) as { error: string }).error);
  }
  return `registration with ${answers.join(', ')}${refusals.size ? `; refused with "${[...refusals].join('", "')}"` : ''}`;
}

/** Row 5: what compose passes to the API and what its nginx forwards; the cookies of an https deployment. */
async function proxyChain(): Promise<string> {
  const compose = parse(readFileSync(join(repoRoot, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
    services: Record<string, { environment?: Record<string, string> | string[] }>;
  };
  const environment = compose.services.api?.environment ?? {};
  const passed = new Set(Array.isArray(environment) ? environment.map((line) => line.split('=')[0]) : Object.keys(environment));
  const readmeSettings = [...readFileSync(join(repoRoot, 'README.md'), 'utf8').matchAll(/^\| `([A-Z_]+)`/gm)].map((m) => m[1]!);
  const missing = readmeSettings.filter((name) => !passed.has(name));
  const nginx = readFileSync(join(repoRoot, 'docker/nginx/shell.conf'), 'utf8');
  const forwardedFor = /proxy_set_header\s+X-Forwarded-For\s+([^;]+);/i.exec(nginx)?.[1] ?? '?';
  const bodyLimits = [...nginx.matchAll(/client_max_body_size\s+([^;]+);/g)].map((m) => m[1]).join(' and ') || 'nginx default 1m';
  const https = await startProduct({ PUBLIC_URL: 'https://tracker.example.com', LOG_LEVEL: 'warn' });
  try {
    const login = await caller(https.baseUrl)('POST', '/api/login', {
      body: { username: https.adminEmail, password: https.adminPassword },
    });
    const cookie = login.headers.getSetCookie().find((line) => /authToken=/.test(line)) ?? '';
    return [
      `compose passes the API ${readmeSettings.length - missing.length} of README's ${readmeSettings.length} settings${missing.length ? ` (not ${missing.join(', ')})` : ''}`,
      `nginx X-Forwarded-For ${forwardedFor}, body limits ${bodyLimits}`,
      `with PUBLIC_URL https the sign-in cookie is ${cookie.split('=')[0]}${/;\s*secure/i.test(cookie) ? ', Secure' : ', not Secure'}`,
    ].join('; ');
  } finally {
    await https.stop();
  }
}

/** Row 6: a Users sheet that makes an administrator. */
async function importedAdmin(product: RunningProduct, adminToken: string): Promise<string> {
  const workbook = new ExcelJS.Workbook();
  const email = uniqueEmail('quiet.admin');
  workbook.addWorksheet('Users').addRows([
    ['id', 'email', 'firstName', 'lastName', 'role', 'department', 'managerId', 'managerName', 'createdAt'],
    [7, email, 'Quiet', 'Admin', 'admin', E2E_DEPARTMENT, '', '', ''],
  ]);
  const bytes = new Uint8Array(await workbook.xlsx.writeBuffer());
  const send = async (query: string) => {
    const body = new FormData();
    body.append('file', new Blob([bytes]), 'users.xlsx');
    const headers = { authorization: `Bearer ${adminToken}` };
    const response = await fetch(`${product.baseUrl}/api/import${query}`, { method: 'POST', headers, body });
    return { status: response.status, text: await response.text() };
  };
  const dryRun = await send('?dryRun=true');
  const real = await send('');
  return `dry run ${dryRun.status}, names the new admin: ${dryRun.text.includes(email) ? 'yes' : 'no'}; the import without a confirmation: ${real.status}`;
}

/** Row 7: correct passwords in a loop, and the sessions an account holds. */
async function correctPasswordLoop(call: Call, email: string, password: string): Promise<string> {
  const first = tokenOf(await call('POST', '/api/login', { body: { username: email, password } }))!;
  const statuses: number[] = [];
  let retryAfter: string | null = null;
  for (let i = 0; i < 80; i += 1) {
    const answer = await call('POST', '/api/login', { body: { username: email, password } });
    statuses.push(answer.status);
    retryAfter ??= answer.headers.get('retry-after');
  }
  const firstAfter = await call('GET', '/api/user', { token: first });
  return `81 right-password sign-ins in a row: ${countOf(statuses, 200) + 1} signed in, ${countOf(statuses, 429)} refused (429, Retry-After ${retryAfter ?? 'none'}); the first session's token afterwards: ${firstAfter.status}`;
}

/** Row 8: an entry name that Excel with `;` as the list separator reads as a formula. */
async function csvInjection(call: Call, token: string, adminToken: string): Promise<string> {
  const entry = { firstName: 'Probe', lastName: 'Person', trainingName: 'x;=1+2', date: '2026-03-02', hours: 1 };
  const created = await call('POST', '/api/entries', { token, body: entry });
  const csv = await call('GET', '/api/export', { token: adminToken });
  const line = csv.text.split(/\r?\n/).find((row) => row.includes('1+2')) ?? '(not found)';
  const field = /(?:^|,)("?[^,]*1\+2[^,]*"?)/.exec(line)?.[1] ?? line;
  return `entry ${created.status}; its name in the CSV export: ${field}`;
}

/** Row 9: an anonymous reset request for the administrator, without mail. */
async function adminResetLink(call: Call, product: StartedProduct): Promise<string> {
  const before = product.output().length;
  const answer = await call('POST', '/api/reset-password', { body: { username: product.adminEmail } });
  await new Promise((resolve) => setTimeout(resolve, 500));
  const logged = product.output().slice(before);
  const link = /reset-password\/?\?token=|[0-9a-f]{64}/.test(logged);
  return `POST /api/reset-password for the admin: ${answer.status}; a reset link in the log: ${link ? 'yes' : 'no'}`;
}

const provider = await startTestIdentityProvider({ redirectUris: [] });
console.log('Starting the product as `npm start` does (fresh DATA_DIR, single sign-on on, no SMTP_URL)...');
const product = await startProduct({
  OIDC_ISSUER: provider.issuer,
  OIDC_CLIENT_ID: provider.clientId,
  OIDC_CLIENT_SECRET: provider.clientSecret,
});
provider.allowRedirectUri(`${product.baseUrl}${SSO_CALLBACK_PATH}`);
try {
  const call = caller(product.baseUrl);
  const accounts = accountsApi(product);
  const adminToken = await accounts.adminToken();
  await accounts.ensureDepartment();
  const someone = await accounts.registerAccount();
  const token = await accounts.signInToken(someone.email, someone.password);
  const lines: Array<[string, string]> = [];
  const record = async (finding: string, measure: () => Promise<string> | string) => {
    lines.push([finding, await measure()]);
    console.log(`${finding}: ${lines.at(-1)![1]}`);
  };
  await record('1 account squatting', () => squat(call, product));
  await record('2 tokens renewed forever', () => renewal(call, token));
  await record('3 token lifetime', () => lifetime(token));
  await record('4 sprayed passwords', () => sprayedPasswords(call));
  await record('6 import makes an admin', () => importedAdmin(product, adminToken));
  await record('8 CSV formula', () => csvInjection(call, token, adminToken));
  await record('9 admin reset link logged', () => adminResetLink(call, product));
  const looper = await accounts.registerAccount();
  await record('7 correct passwords unlimited', () => correctPasswordLoop(call, looper.email, looper.password));
  await record('5 proxy chain', proxyChain);
  console.log('\n| finding | measured |\n|---|---|');
  for (const [finding, figure] of lines) console.log(`| ${finding} | ${figure} |`);
} catch (error) {
  console.error(`identity-round-2 failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exitCode = 1;
} finally {
  await product.stop();
  await provider.close();
}
