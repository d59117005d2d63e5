// Bundle budgets, as gzip sizes (zlib level 9; 1 kB = 1000 bytes):
// - the shell's initial JavaScript, React included, at most 150 kB: measured in Chromium with an empty
//   cache. A signed-in user opens `/`: every JavaScript file requested from the shell's own paths (not
//   /remotes/) before the first request for a remote counts: what index.html loads plus the chunks it
//   needs before it asks for the first remote (My Dashboard's). A signed-out visitor opens /auth
//   (lazily loaded auth forms, no remote): every shell JavaScript file until the form shows counts.
// - each remote's own JavaScript, shared libraries excluded, at most 60 kB: from the remote's build
//   (`<remote>/dist`), every .js file, lazily loaded ones included, except shared-library files (see
//   support/remote-bundles.ts: files the manifest lists as shared assets, or whose source map names
//   only shared packages and their dependencies). remoteEntry.js counts: each remote ships it.
//   For comparison, what Chromium actually fetches from the remote when its tab first opens.
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { launchBrowser, repoRoot } from '@tht/test-kit';
import { signedInContext } from './support/browser';
import { remoteBundle } from './support/remote-bundles';
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

interface ShellLoad {
  /** Shell JavaScript requested before the first request for a remote (all of it when none is requested). */
  initial: JsFile[];
  /** Every shell JavaScript file requested by the time the page was ready. */
  byReady: JsFile[];
}

/**
 * Opens `path` in a fresh context (empty cache) and records the JavaScript the shell's own paths
 * serve, until `ready` resolves and the network is idle.
 */
async function shellJs(
  baseUrl: string,
  path: string,
  token: string | null,
  ready: (page: Page) => Promise<void>,
): Promise<ShellLoad> {
  const browser = await launchBrowser();
  try {
    const context = token ? await signedInContext(browser, baseUrl, token) : await browser.newContext({ baseURL: baseUrl });
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
    await page.goto(path);
    await ready(page);
    await page.waitForLoadState('networkidle');
    const files = await Promise.all(
      shellScripts.map(async ({ path: scriptPath, beforeFirstRemote, body }) => {
        const content = await body;
        return { beforeFirstRemote, file: { name: scriptPath, raw: content.length, gzip: gzipSize(content) } };
      }),
    );
    return {
      initial: files.filter((entry) => entry.beforeFirstRemote).map((entry) => entry.file),
      byReady: files.map((entry) => entry.file),
    };
  } finally {
    await browser.close();
  }
}

function reportShell(title: string, load: ShellLoad) {
  console.log(title);
  printFiles(load.initial);
  console.log(`  total ${kB(total(load.initial, 'raw'))} raw, ${verdict(total(load.initial, 'gzip'), SHELL_BUDGET_KB)}`);
  const later = load.byReady.length - load.initial.length;
  if (later > 0)
    console.log(
      `  (${later} more shell file(s) after the first remote request; all shell JS: ${kB(total(load.byReady, 'gzip'))} gzip)`,
    );
}

const jsFile = ({ name, content }: { name: string; content: Buffer }): JsFile => ({
  name,
  raw: content.length,
  gzip: gzipSize(content),
});

/** Each remote tab with the heading its remote renders; the page opens on My Dashboard (mf-employee). */
const REMOTE_TABS = [
  { tab: 'My Dashboard', heading: 'My Dashboard' },
  { tab: 'Manager View', heading: 'Manager Dashboard' },
  { tab: 'HR View', heading: 'HR Dashboard' },
  { tab: 'SMT View', heading: 'SMT Dashboard' },
  { tab: 'Admin', heading: 'Admin Panel' },
];

/**
 * Gzip bytes of the JavaScript Chromium fetches from each remote's path when its tab first opens,
 * for an admin with a direct report (who sees all five remotes), with the shell already loaded.
 */
async function fetchedPerRemote(baseUrl: string, token: string): Promise<Map<string, number>> {
  const browser = await launchBrowser();
  try {
    const page = await (await signedInContext(browser, baseUrl, token)).newPage();
    const fetched = new Map<string, Promise<number>[]>();
    page.on('response', (response) => {
      const match = new URL(response.url()).pathname.match(/^\/remotes\/([^/]+)\/.*\.js$/);
      if (!match) return;
      const size = response.body().then(gzipSize);
      size.catch(() => {}); // awaited below
      fetched.set(match[1]!, [...(fetched.get(match[1]!) ?? []), size]);
    });
    await page.goto('/');
    for (const { tab, heading } of REMOTE_TABS) {
      await page.getByRole('tab', { name: tab, exact: true }).click();
      await page.getByRole('tabpanel').getByRole('heading', { name: heading, level: 1 }).waitFor({ timeout: 30_000 });
      await page.waitForLoadState('networkidle');
    }
    const sums = new Map<string, number>();
    for (const [folder, sizes] of fetched)
      sums.set(
        folder,
        (await Promise.all(sizes)).reduce((a, b) => a + b, 0),
      );
    return sums;
  } finally {
    await browser.close();
  }
}

await runBenchmark('bundle-budget', async ({ baseUrl, accounts }) => {
  const user = await accounts.registerAccount();
  const token = await accounts.signInToken(user.email, user.password);

  const dashboard = await shellJs(baseUrl, '/', token, (page) =>
    page.getByRole('tabpanel').getByRole('heading', { name: 'My Dashboard', level: 1 }).waitFor({ timeout: 30_000 }),
  );
  reportShell('Shell initial JavaScript, signed in, opening / (JS from the shell before the first /remotes/ request):', dashboard);
  const signIn = await shellJs(baseUrl, '/auth', null, (page) => page.getByLabel('Username').waitFor({ timeout: 30_000 }));
  reportShell('\nShell initial JavaScript, signed out, opening /auth (no remote is loaded there):', signIn);

  const admin = await accounts.createAccount('admin');
  await accounts.createAccount('employee', { managerId: admin.id });
  const fetched = await fetchedPerRemote(baseUrl, await accounts.signInToken(admin.email, admin.password));

  console.log('\nRemotes, own JavaScript (every .js in dist except shared-library files):');
  for (const folder of REMOTES) {
    const bundle = await remoteBundle(repoRoot, folder).catch((error: Error) => {
      throw new Error(`${folder} is not built (${error.message}); run \`npm run build -w ${folder}\``);
    });
    const own = bundle.own.map(jsFile);
    console.log(`  ${folder} (built ${bundle.builtAt.toISOString()}): ${verdict(total(own, 'gzip'), REMOTE_BUDGET_KB)}`);
    printFiles(own);
    const shared = bundle.shared.map(jsFile);
    console.log(`    excluded shared-library files: ${shared.length}, ${kB(total(shared, 'gzip'))} gzip`);
    console.log(`    fetched by Chromium when its tab first opened (shell loaded): ${kB(fetched.get(folder) ?? 0)} gzip`);
  }
});
