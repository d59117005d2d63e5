import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ACCOUNT_MESSAGES } from '@tht/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, newPage, signIn } from './support/browser';
import { accounts } from './support/test-product';

let browser: Browser;
/** Another site's server: same host as the product, another port, so the browser sends it the product's cookies. */
let otherSite: Server;
let otherSiteUrl: string;
const otherSitePages = new Map<string, string>();

beforeAll(async () => {
  otherSite = createServer((req, res) => {
    const page = otherSitePages.get(req.url ?? '');
    res.writeHead(page ? 200 : 404, { 'content-type': 'text/html' }).end(page ?? '');
  });
  await new Promise<void>((resolve) => otherSite.listen(0, '127.0.0.1', resolve));
  otherSiteUrl = `http://127.0.0.1:${(otherSite.address() as AddressInfo).port}`;
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  otherSite.closeAllConnections();
  await new Promise((resolve) => otherSite.close(resolve));
});

/** Every Content-Security-Policy violation the pages of `context` report from now on. */
async function recordCspViolations(context: BrowserContext): Promise<string[]> {
  const violations: string[] = [];
  await context.exposeBinding('reportCspViolation', (_source, text: string) => violations.push(text));
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportCspViolation: (text: string) => void }).reportCspViolation;
      report(`${event.effectiveDirective} refused ${event.blockedURI || 'inline code'} in ${event.documentURI}`);
    });
  });
  return violations;
}

async function openTab(page: Page, tab: string, heading: string) {
  await page.getByRole('tab', { name: tab, exact: true }).click();
  await page.getByRole('tabpanel').getByRole('heading', { name: heading, level: 1, exact: true }).waitFor();
}

describe('Content-Security-Policy', () => {
  it('the shell, every remote and the API reference run without breaking it', async () => {
    const page = await newPage(browser);
    const violations = await recordCspViolations(page.context());
    await signIn(page, await accounts.createAccount('admin'));
    await openTab(page, 'Add Entry', 'Add Development Entry');
    await openTab(page, 'HR View', 'HR Dashboard');
    await openTab(page, 'SMT View', 'SMT Dashboard');
    await openTab(page, 'Admin', 'Admin Panel');
    await page.goto('/api/docs');
    await page.getByRole('button', { name: /POST \/api\/login Sign in/ }).waitFor();
    await page.context().close();

    const manager = await newPage(browser);
    violations.push(...(await recordCspViolations(manager.context())));
    await signIn(manager, await accounts.createAccount('manager'));
    await openTab(manager, 'Manager View', 'Manager Dashboard');
    await manager.context().close();

    expect(violations).toEqual([]);
  });

  it("keeps another site from framing the product's pages", async () => {
    otherSitePages.set('/frame', `<!doctype html><iframe src="${baseUrl()}/auth" title="product"></iframe>`);
    const page = await newPage(browser);
    const refusals: string[] = [];
    page.on('console', (message) => {
      if (message.text().includes("frame-ancestors 'none'")) refusals.push(message.text());
    });
    await page.goto(`${otherSiteUrl}/frame`);
    await expect.poll(() => refusals.length).toBeGreaterThan(0);
    await expect(page.frameLocator('iframe').getByRole('button', { name: 'Sign In', exact: true }).count()).resolves.toBe(0);
    await page.context().close();
  });
});

describe('a change sent by another site with the sign-in cookie', () => {
  it('is refused with 403 and changes nothing', async () => {
    const lead = await accounts.createAccount('employee');
    await accounts.createAccount('employee', { managerId: lead.id });
    otherSitePages.set(
      '/sync-roles',
      `<!doctype html><form method="post" action="${baseUrl()}/api/sync-roles"><button>Win a prize</button></form>`,
    );
    const page = await newPage(browser);
    await signIn(page, await accounts.createAccount('admin'));

    await page.goto(`${otherSiteUrl}/sync-roles`);
    const [answer] = await Promise.all([
      page.waitForResponse(`${baseUrl()}/api/sync-roles`),
      page.getByRole('button', { name: 'Win a prize' }).click(),
    ]);

    expect(answer.status()).toBe(403);
    expect(await answer.json()).toEqual({ error: ACCOUNT_MESSAGES.crossSiteRequest });
    const { role } = await accounts.api<{ role: string }>('GET', `/api/users/${lead.id}`, await accounts.adminToken());
    expect(role).toBe('employee');
    await page.context().close();
  });
});
