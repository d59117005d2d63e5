import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { freePort, startProduct, type Account } from '@tht/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, myDashboardHeading, newPage, signIn } from './support/browser';
import { buildRemoteWithStamp, deployDist, distOf, hashTree, withDistRestored } from './support/remote-build';
import { accounts } from './support/test-product';

let browser: Browser;
let admin: Account;
// The last test's build of mf-smt, started with the file: it runs while the tests before it drive the browser.
const stamp = `e2e-${randomUUID()}`;
let stampedBuild: Promise<string>;

beforeAll(async () => {
  stampedBuild = buildRemoteWithStamp('mf-smt', stamp);
  // Awaited (and its failure reported) by the test that deploys it.
  stampedBuild.catch(() => {});
  browser = await launchBrowser();
  admin = await accounts.createAccount('admin');
});

afterAll(async () => {
  await browser?.close();
  const build = await stampedBuild?.catch(() => undefined);
  if (build) await rm(build, { recursive: true, force: true });
});

/** The tab panel once `tab` is opened, and the level-1 heading its remote renders there. */
async function openTab(page: Page, tab: string) {
  await page.getByRole('tab', { name: tab, exact: true }).click();
  return page.getByRole('tabpanel');
}

async function expectTabHeading(page: Page, tab: string, heading: string) {
  const panel = await openTab(page, tab);
  await panel.getByRole('heading', { name: heading, level: 1, exact: true }).waitFor();
}

async function expectErrorPanel(page: Page, tab: string) {
  const panel = await openTab(page, tab);
  const errorPanel = panel.getByRole('alert');
  await errorPanel.getByText(`${tab} could not be loaded`).waitFor();
  await errorPanel.getByRole('button', { name: 'Retry' }).waitFor();
  return errorPanel;
}

/** URLs of the JavaScript files the page requested, from now on. */
function recordScriptRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') urls.push(request.url());
  });
  return urls;
}

interface ManifestShared {
  name: string;
  assets: { js: { sync: string[]; async: string[] } };
}

async function sharedAssetsOf(folder: string, packages: string[]): Promise<string[]> {
  const response = await fetch(`${baseUrl()}/remotes/${folder}/mf-manifest.json`);
  const manifest = (await response.json()) as { shared: ManifestShared[] };
  return manifest.shared
    .filter((shared) => packages.includes(shared.name))
    .flatMap((shared) => [...shared.assets.js.sync, ...shared.assets.js.async]);
}

type ShareSummary = Array<{ instance: string; scope: string; version: string; from: string; loaded: boolean; useIn: string[] }>;

/** What `window.__FEDERATION__.__SHARE__` records for one package, in every federation instance. */
function shareSummary(page: Page, packageName: string): Promise<ShareSummary> {
  return page.evaluate((name) => {
    type Shared = { from: string; loaded?: boolean; useIn?: string[] };
    const shareMaps = (
      window as unknown as { __FEDERATION__: { __SHARE__: Record<string, Record<string, Record<string, Record<string, Shared>>>> } }
    ).__FEDERATION__.__SHARE__;
    return Object.entries(shareMaps).flatMap(([instance, scopes]) =>
      Object.entries(scopes).flatMap(([scope, packages]) =>
        Object.entries(packages[name] ?? {}).map(([version, shared]) => ({
          instance,
          scope,
          version,
          from: shared.from,
          loaded: Boolean(shared.loaded),
          useIn: shared.useIn ?? [],
        })),
      ),
    );
  }, packageName);
}

describe('module federation', () => {
  it('loads React once: the shell provides it and the remotes use that one copy', async () => {
    const page = await newPage(browser);
    const scripts = recordScriptRequests(page);
    await signIn(page, admin);
    await expectTabHeading(page, 'HR View', 'HR Dashboard');
    await expectTabHeading(page, 'SMT View', 'SMT Dashboard');
    await expectTabHeading(page, 'Admin', 'Admin Panel');

    for (const packageName of ['react', 'react-dom']) {
      const entries = await shareSummary(page, packageName);
      expect(entries.length, `${packageName} is in the share scope`).toBeGreaterThan(0);
      expect(new Set(entries.map((entry) => entry.version)).size, `${packageName} versions`).toBe(1);
      const loaded = entries.filter((entry) => entry.loaded);
      expect(new Set(loaded.map((entry) => entry.from)), `${packageName} loaded from`).toEqual(new Set(['shell']));
    }
    const [react] = await shareSummary(page, 'react');
    expect(react!.useIn, "the remotes use the shell's React").toEqual(
      expect.arrayContaining(['shell', 'mf_employee', 'mf_hr', 'mf_smt', 'mf_admin']),
    );

    for (const folder of ['mf-employee', 'mf-hr', 'mf-smt', 'mf-admin']) {
      const ownReactCopies = await sharedAssetsOf(folder, ['react', 'react-dom', 'react/jsx-runtime']);
      const fetched = scripts.filter((url) => ownReactCopies.some((asset) => url.endsWith(`/remotes/${folder}/${asset}`)));
      expect(fetched, `${folder}'s own React chunks were fetched`).toEqual([]);
    }
    await page.context().close();
  });

  it('shows an error panel with Retry in the tab of an unreachable remote, keeps the others working, and recovers on Retry', async () => {
    const page = await newPage(browser);
    await signIn(page, admin);
    await page.route('**/remotes/mf-hr/**', (route) => route.abort('connectionrefused'));

    await expectErrorPanel(page, 'HR View');
    await expectTabHeading(page, 'SMT View', 'SMT Dashboard');
    await expectTabHeading(page, 'My Dashboard', 'My Dashboard');
    await expect(page.getByRole('button', { name: `${admin.firstName} ${admin.lastName}` }).isVisible()).resolves.toBe(true);

    const errorPanel = await expectErrorPanel(page, 'HR View');
    await page.unroute('**/remotes/mf-hr/**');
    await errorPanel.getByRole('button', { name: 'Retry' }).click();
    await page.getByRole('tabpanel').getByRole('heading', { name: 'HR Dashboard', level: 1 }).waitFor();
    await page.context().close();
  });

  it('follows MF_HR_URL to where the registry points; when nothing answers there, only HR View fails', async () => {
    const closedPort = await freePort();
    const relocatedManifest = `http://127.0.0.1:${closedPort}/mf-manifest.json`;
    const other = await startProduct({ MF_HR_URL: relocatedManifest });
    try {
      const registry = (await (await fetch(`${other.baseUrl}/api/remotes`)).json()) as Record<string, string>;
      expect(registry.mf_hr).toBe(relocatedManifest);
      expect(registry.mf_smt).toBe('/remotes/mf-smt/mf-manifest.json');

      const page = await newPage(browser, other.baseUrl);
      await signIn(page, { email: other.adminEmail, password: other.adminPassword });
      await expectErrorPanel(page, 'HR View');
      await expectTabHeading(page, 'Admin', 'Admin Panel');
      await expectTabHeading(page, 'SMT View', 'SMT Dashboard');
      await page.context().close();
    } finally {
      await other.stop();
    }
  }, 180_000);

  it("serves a remote rebuilt alone on the next page load while the shell's files stay byte-identical", async () => {
    const page = await newPage(browser);
    const scripts = recordScriptRequests(page);
    await signIn(page, admin);
    await expectTabHeading(page, 'SMT View', 'SMT Dashboard');
    const smtScripts = (urls: string[]) => urls.filter((url) => new URL(url).pathname.startsWith('/remotes/mf-smt/'));
    const oldSmtScripts = smtScripts(scripts);
    expect(oldSmtScripts.length).toBeGreaterThan(0);

    const build = await stampedBuild;
    const untouchedFolders = ['shell', 'mf-employee', 'mf-manager', 'mf-hr', 'mf-admin'];
    await withDistRestored('mf-smt', async () => {
      const stamped: string[] = [];
      page.on('response', async (response) => {
        const url = new URL(response.url());
        if (!url.pathname.startsWith('/remotes/mf-smt/') || !url.pathname.endsWith('.js')) return;
        const body = await response.text().catch(() => '');
        if (body.includes(stamp)) stamped.push(url.pathname);
      });
      const before = await Promise.all(untouchedFolders.map((folder) => hashTree(distOf(folder))));
      await deployDist('mf-smt', build);
      scripts.length = 0;

      await page.reload();
      await myDashboardHeading(page).waitFor();
      await expectTabHeading(page, 'SMT View', 'SMT Dashboard');
      const after = await Promise.all(untouchedFolders.map((folder) => hashTree(distOf(folder))));

      const newChunks = smtScripts(scripts).filter((url) => !oldSmtScripts.includes(url));
      expect(newChunks.length, 'new mf-smt chunk URLs after the rebuild').toBeGreaterThan(0);
      await expect.poll(() => stamped.length).toBeGreaterThan(0);
      untouchedFolders.forEach((folder, index) => {
        expect(after[index], `${folder}/dist changed`).toEqual(before[index]);
      });
    });
    await page.context().close();
  }, 240_000);
});
