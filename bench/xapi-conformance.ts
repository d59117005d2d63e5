/**
 * ADL's LRS Conformance Test Suite against the product (issue #32, decision 044). Copies the suite
 * from `../shared/adl-lrs-conformance` (read-only in CI; `XAPI_SUITE_DIR` to take another copy)
 * into the git-ignored `.cache/adl-lrs-conformance`, `npm install`s its dependencies there (from
 * npm, once per copy of the suite), starts the product as `npm start` does on a fresh DATA_DIR,
 * creates a connected system as the start-up admin through `POST /api/admin/xapi-clients`, runs
 * `node bin/console_runner.js -e <PUBLIC_URL>/xapi -a -u KEY -p SECRET -x <version>` and prints
 * the totals. The product states the battery's version to requests that name none
 * (`XAPI_DEFAULT_VERSION`: the 1.0.3 and 2.0 batteries want different answers there).
 *
 * Run: `npm run conformance:xapi` (1.0.3); `XAPI_VERSION=2.0.0 npm run conformance:xapi`;
 * `XAPI_GREP=<pattern>` runs only the tests whose names match; `XAPI_DIRECTORY=...` passes `-d`;
 * `XAPI_SERVER_ONLY=1` starts the product from a server-only installation (the API image's files:
 * no front ends to build first, which the LRS does not need), as `npm run test:conformance`, the
 * part `npm test` runs, does.
 * Exit code 0 only when every test that ran passed.
 */
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { accountsApi, repoRoot, serverOnlyInstallation, startProduct } from '@tht/test-kit';

const SUITE_SOURCE = resolve(process.env.XAPI_SUITE_DIR ?? join(repoRoot, '..', 'shared', 'adl-lrs-conformance'));
const CACHE = join(repoRoot, '.cache', 'adl-lrs-conformance');
const VERSION = process.env.XAPI_VERSION ?? '1.0.3';

/** The suite copied and installed, unless the cache holds the same upstream commit with its dependencies. */
function prepareSuite(): void {
  if (!existsSync(SUITE_SOURCE)) throw new Error(`No conformance suite at ${SUITE_SOURCE} (set XAPI_SUITE_DIR)`);
  const commit = readFileSync(join(SUITE_SOURCE, 'UPSTREAM_COMMIT'), 'utf8').trim();
  const marker = join(CACHE, '.installed-commit');
  if (existsSync(marker) && readFileSync(marker, 'utf8').trim() === commit && existsSync(join(CACHE, 'node_modules'))) return;
  console.log(`Copying the suite (${commit}) to ${CACHE} and installing its dependencies`);
  rmSync(CACHE, { recursive: true, force: true });
  mkdirSync(CACHE, { recursive: true });
  cpSync(SUITE_SOURCE, CACHE, { recursive: true });
  spawnSync('chmod', ['-R', 'u+w', CACHE]);
  const install = spawnSync('npm', ['install', '--no-audit', '--no-fund', '--ignore-scripts'], { cwd: CACHE, stdio: 'inherit' });
  if (install.status !== 0) throw new Error(`npm install of the suite exited with ${install.status}`);
  writeFileSync(marker, `${commit}\n`);
}

async function createConnectedSystem(target: Parameters<typeof accountsApi>[0]): Promise<{ key: string; secret: string }> {
  const token = await accountsApi(target).adminToken();
  const response = await fetch(`${target.baseUrl}/api/admin/xapi-clients`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'ADL conformance suite', trainingType: 'external' }),
  });
  if (response.status !== 201)
    throw new Error(`Creating the connected system answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as { key: string; secret: string };
}

/**
 * A connected system whose secret the runner's command line can take: its options (commander 2,
 * optional values) read a value starting with '-' as another option (`-V...` prints its version and
 * runs nothing), so a secret starting with '-' (1 in 64) is left unused and another one is made.
 */
async function connectedSystemForTheRunner(target: Parameters<typeof accountsApi>[0]): Promise<{ key: string; secret: string }> {
  for (;;) {
    const system = await createConnectedSystem(target);
    if (!system.secret.startsWith('-')) return system;
  }
}

/** Runs the suite, its output passed through and kept; resolves to its exit code and output. */
function runSuite(endpoint: string, key: string, secret: string): Promise<{ code: number | null; output: string }> {
  const args = ['bin/console_runner.js', '-e', endpoint, '-a', '-u', key, '-p', secret, '-x', VERSION];
  if (process.env.XAPI_GREP) args.push('-g', process.env.XAPI_GREP);
  if (process.env.XAPI_DIRECTORY) args.push('-d', process.env.XAPI_DIRECTORY);
  if (process.env.XAPI_ERRORS_ONLY) args.push('-z');
  return new Promise((resolvePromise, reject) => {
    const child = spawn('node', args, { cwd: CACHE, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const keep = (chunk: Buffer) => {
      output += chunk.toString();
      process.stdout.write(chunk);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.once('error', reject);
    child.once('exit', (code) => resolvePromise({ code, output }));
  });
}

/** The runner's last summary line, `{"total":1365,"passed":1365,"failed":0,"version":"1.0.3"}`. */
function totalsOf(output: string): { total: number; passed: number; failed: number } | null {
  const summaries = output.split('\n').filter((line) => line.startsWith('{"total":'));
  const last = summaries.at(-1);
  if (!last) return null;
  const { total, passed, failed } = JSON.parse(last) as { total: number | null; passed: number | null; failed: number | null };
  return passed === null ? null : { total: total ?? 0, passed, failed: failed ?? 0 };
}

async function main(): Promise<void> {
  prepareSuite();
  // The two batteries disagree only on the version an unversioned request is answered in: each gets its own (decision 044).
  const installation = process.env.XAPI_SERVER_ONLY === '1' ? await serverOnlyInstallation() : undefined;
  const product = await startProduct({ XAPI_DEFAULT_VERSION: VERSION }, { cwd: installation });
  try {
    const { key, secret } = await connectedSystemForTheRunner(product);
    const { code, output } = await runSuite(`${product.baseUrl}/xapi`, key, secret);
    const totals = totalsOf(output);
    console.log(
      totals
        ? `xAPI ${VERSION} conformance (of ${totals.total} tests):\n${totals.passed} passed, ${totals.failed} failed`
        : `xAPI ${VERSION} conformance: the runner printed no totals (exit code ${code})`,
    );
    process.exitCode = totals && totals.failed === 0 && totals.passed === totals.total && code === 0 ? 0 : 1;
  } finally {
    await product.stop();
    if (installation) rmSync(installation, { recursive: true, force: true });
  }
}

await main();
