import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, signIn } from './support/browser';
import { distOf } from './support/remote-build';
import { accounts } from './support/test-product';

const { api, createAccount, signInToken } = accounts;

const CHART_REMOTES = [
  { folder: 'mf-manager', tab: 'Manager View', heading: 'Manager Dashboard' },
  { folder: 'mf-hr', tab: 'HR View', heading: 'HR Dashboard' },
  { folder: 'mf-smt', tab: 'SMT View', heading: 'SMT Dashboard' },
];

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** The built chunks of a remote that carry recharts (their source maps name it). */
async function rechartsChunks(folder: string): Promise<string[]> {
  const files = (await readdir(distOf(folder))).filter((file) => file.endsWith('.js.map'));
  const chunks: string[] = [];
  for (const file of files) {
    const { sources } = JSON.parse(await readFile(join(distOf(folder), file), 'utf8')) as { sources: string[] };
    if (sources.some((source) => source.includes('node_modules/recharts/'))) chunks.push(file.replace(/\.map$/, ''));
  }
  return chunks;
}

/** Opens a remote's tab and waits until its chart is drawn (recharts' SVG surface). */
async function openChart(page: Page, tab: string, heading: string) {
  await page.getByRole('tab', { name: tab, exact: true }).click();
  const panel = page.getByRole('tabpanel');
  await panel.getByRole('heading', { name: heading, level: 1 }).waitFor();
  await panel.locator('.recharts-surface').first().waitFor();
}

describe('the charts of the Manager, HR and SMT views', () => {
  it('draw in each view, loading recharts once: the views share one copy of @tht/ui/charts', async () => {
    const admin = await createAccount('admin');
    const report = await createAccount('employee', { managerId: admin.id });
    await api('POST', '/api/entries', await signInToken(report.email, report.password), {
      firstName: report.firstName,
      lastName: report.lastName,
      managerName: `${admin.firstName} ${admin.lastName}`,
      department: 'E2E Department',
      trainingName: 'Chart Basics',
      date: `${new Date().getFullYear()}-01-15`,
      hours: 3,
    });

    const page = await newPage(browser);
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await signIn(page, admin);
    for (const { tab, heading } of CHART_REMOTES) await openChart(page, tab, heading);

    const fetchedRecharts = [];
    for (const { folder } of CHART_REMOTES) {
      const chunks = await rechartsChunks(folder);
      expect(chunks.length, `${folder} builds recharts into a chunk of its own`).toBeGreaterThan(0);
      fetchedRecharts.push(...scripts.filter((path) => chunks.some((chunk) => path === `/remotes/${folder}/${chunk}`)));
    }
    expect(fetchedRecharts.length, 'recharts chunks fetched').toBeGreaterThan(0);
    expect(
      fetchedRecharts.every((path) => path.startsWith('/remotes/mf-manager/')),
      `recharts came from the first chart view only: ${fetchedRecharts.join(', ')}`,
    ).toBe(true);
    await page.context().close();
  });
});
