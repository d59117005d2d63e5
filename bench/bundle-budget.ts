// Bundle budgets, as gzip sizes (zlib level 9; 1 kB = 1000 bytes):
// - the shell's initial JavaScript, React included, at most 150 kB: measured in Chromium. A signed-in
//   user opens `/` with an empty cache; every JavaScript file requested from the shell's own paths
//   (not /remotes/) before the first request for a remote is counted: what index.html loads plus the
//   chunks it needs before it can ask for the first remote (My Dashboard's).
// - each remote's own JavaScript, shared libraries excluded, at most 60 kB: from the remote's build
//   (`<remote>/dist`): every .js file except those its mf-manifest.json lists as a shared module's
//   assets (react, react-dom, react-router, styled-components, swr, @tht/ui, @tht/contracts, ...),
//   which at run time come from the shell or another remote. remoteEntry.js counts: each remote ships it.
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { launchBrowser } from '../e2e/src/support/chromium';
import { repoRoot } from '../e2e/src/support/product';
import { signedInContext } from './support/browser';
import { runBenchmark } from './support/product';

const SHELL_BUDGET_KB = 150;
const REMOTE_BUDGET_KB = 60;
const REMOTES = ['mf-employee', 'mf-manager', 'mf-hr', 'mf-smt', 'mf-admin'];

const gzipSize = (content: Buffer) => gzipSync(content, { level: 9 }).length;
const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

function verdict(gzipBytes: number, budgetKb: number): string {
  const within = gzipBytes <= budgetKb * 1000;
  return `${kB(gzipBytes)} gzip of ${budgetKb} kB budget: ${within ? 'within' : 'OVER'} (${((gzipBytes / (budgetKb * 1000)) * 100).toFixed(0)}%)`;
}

interface JsFile {
  name: string;
  raw: number;
  gzip: number;
}

function printFiles(files: JsFile[]) {
  for (const file of [...files].sort((a, b) => b.gzip - a.gzip)) {
    console.log(`    ${file.name.padEnd(52)} ${kB(file.raw).padStart(10)} raw ${kB(file.gzip).padStart(10)} gzip`);
  }
}

const total = (files: JsFile[], field: 'raw' | 'gzip') => files.reduce((sum, file) => sum + file[field], 0);

async function shellInitialJs(baseUrl: string, token: string): Promise<{ initial: JsFile[]; byInteractive: JsFile[] }> {
  const browser = await launchBrowser();
  try {
    const context = await signedInContext(browser, baseUrl, token);
    const page = await context.newPage();
    const origin = new URL(baseUrl).origin;
    const shellScripts: Array<{ path: string; beforeFirstRemote: boolean; body: Promise<Buffer> }> = [];
    let remoteRequested = false;
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.origin !== origin) return;
      if (url.pathname.startsWith('/remotes/')) {
        remoteRequested = true;
      } else if (request.resourceType() === 'script') {
        const body = request.response().then((response) => {
          if (!response) throw new Error(`${url.pathname} got no response`);
          return response.body();
        });
        body.catch(() => {}); // awaited below; a failure must not crash the process before that
        shellScripts.push({ path: url.pathname, beforeFirstRemote: !remoteRequested, body });
      }
    });
    await page.goto('/');
    await page.getByRole('tabpanel').getByRole('heading', { name: 'My Dashboard', level: 1 }).waitFor({ timeout: 30_000 });
    if (!remoteRequested) throw new Error('The dashboard rendered without requesting any remote: cannot tell the initial JavaScript');
    const files = await Promise.all(
      shellScripts.map(async ({ path, beforeFirstRemote, body }) => {
        const content = await body;
        return { beforeFirstRemote, file: { name: path, raw: content.length, gzip: gzipSize(content) } };
      }),
    );
    return {
      initial: files.filter((entry) => entry.beforeFirstRemote).map((entry) => entry.file),
      byInteractive: files.map((entry) => entry.file),
    };
  } finally {
    await browser.close();
  }
}

interface ManifestShared {
  name: string;
  assets: { js: { sync: string[]; async: string[] } };
}

async function remoteOwnJs(folder: string): Promise<{ own: JsFile[]; sharedExcluded: JsFile[]; builtAt: Date }> {
  const dist = join(repoRoot, folder, 'dist');
  const manifestPath = join(dist, 'mf-manifest.json');
  const manifest = JSON.parse(await readFile(manifestPath, 'utf8')) as { shared: ManifestShared[] };
  const sharedAssets = new Set(manifest.shared.flatMap((shared) => [...shared.assets.js.sync, ...shared.assets.js.async]));
  const own: JsFile[] = [];
  const sharedExcluded: JsFile[] = [];
  for (const name of (await readdir(dist)).filter((file) => file.endsWith('.js'))) {
    const content = await readFile(join(dist, name));
    (sharedAssets.has(name) ? sharedExcluded : own).push({ name, raw: content.length, gzip: gzipSize(content) });
  }
  return { own, sharedExcluded, builtAt: (await stat(manifestPath)).mtime };
}

await runBenchmark('bundle-budget', async ({ baseUrl, accounts }) => {
  const user = await accounts.registerAccount();
  const token = await accounts.signInToken(user.email, user.password);

  const shell = await shellInitialJs(baseUrl, token);
  console.log('Shell initial JavaScript (Chromium, empty cache, signed in, JS from the shell before the first /remotes/ request):');
  printFiles(shell.initial);
  console.log(`  total ${kB(total(shell.initial, 'raw'))} raw, ${verdict(total(shell.initial, 'gzip'), SHELL_BUDGET_KB)}`);
  const later = shell.byInteractive.length - shell.initial.length;
  console.log(
    `  (all shell JS by the time My Dashboard rendered: ${kB(total(shell.byInteractive, 'gzip'))} gzip, ${later} file(s) after the first remote request)`,
  );

  console.log('\nRemotes, own JavaScript (dist minus shared-module assets listed in mf-manifest.json):');
  for (const folder of REMOTES) {
    const { own, sharedExcluded, builtAt } = await remoteOwnJs(folder).catch((error: Error) => {
      throw new Error(`${folder} is not built (${error.message}); run \`npm run build -w ${folder}\``);
    });
    console.log(`  ${folder} (built ${builtAt.toISOString()}): ${verdict(total(own, 'gzip'), REMOTE_BUDGET_KB)}`);
    printFiles(own);
    console.log(`    excluded shared-module fallbacks: ${sharedExcluded.length} file(s), ${kB(total(sharedExcluded, 'gzip'))} gzip`);
  }
});
