import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Account, Role } from '@tht/test-kit';
import { launchBrowser, mainTabs, myDashboardHeading, newPage, signIn } from './support/browser';
import { accounts } from './support/test-product';

const { createAccount } = accounts;

/** The tabs each role sees, in order, and the heading each tab's remote shows. */
const TABS_BY_ROLE: Record<Role, string[]> = {
  employee: ['My Dashboard', 'Add Entry'],
  manager: ['My Dashboard', 'Add Entry', 'Manager View'],
  hr: ['My Dashboard', 'Add Entry', 'HR View'],
  smt: ['My Dashboard', 'Add Entry', 'SMT View'],
  admin: ['My Dashboard', 'Add Entry', 'HR View', 'SMT View', 'Admin'],
};

const HEADING_BY_TAB: Record<string, string> = {
  'My Dashboard': 'My Dashboard',
  'Add Entry': 'Add Development Entry',
  'Manager View': 'Manager Dashboard',
  'HR View': 'HR Dashboard',
  'SMT View': 'SMT Dashboard',
  Admin: 'Admin Panel',
};

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

async function signedInPage(account: Account): Promise<Page> {
  const page = await newPage(browser);
  await signIn(page, account);
  return page;
}

const pathname = (page: Page) => new URL(page.url()).pathname;

/** Opens each tab and waits for the heading its remote renders in the tab panel. */
async function expectEveryTabLoads(page: Page, tabs: string[]) {
  for (const tab of tabs) {
    await page.getByRole('tab', { name: tab, exact: true }).click();
    await page.getByRole('tabpanel').getByRole('heading', { name: HEADING_BY_TAB[tab], level: 1, exact: true }).waitFor();
  }
}

describe('tabs by role', () => {
  it.each(Object.keys(TABS_BY_ROLE) as Role[])(
    'a user with role %s sees exactly their tabs, each loading its remote',
    async (role) => {
      const account = await createAccount(role);
      const page = await signedInPage(account);

      expect(await mainTabs(page).allInnerTexts()).toEqual(TABS_BY_ROLE[role]);
      expect(await mainTabs(page).first().getAttribute('aria-selected')).toBe('true');
      await expectEveryTabLoads(page, TABS_BY_ROLE[role]);
      await page.context().close();
    },
  );

  it('an employee with direct reports also sees Manager View', async () => {
    const employee = await createAccount('employee');
    await createAccount('employee', { managerId: employee.id });
    const page = await signedInPage(employee);

    expect(await mainTabs(page).allInnerTexts()).toEqual(['My Dashboard', 'Add Entry', 'Manager View']);
    await expectEveryTabLoads(page, ['Manager View']);
    await page.context().close();
  });
});

describe('routes', () => {
  it("shows 'Page Not Found' on an unknown path", async () => {
    const page = await newPage(browser);
    await page.goto('/no/such/page');
    await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
    await page.context().close();
  });

  it('sends a signed-out visitor of / to /auth', async () => {
    const page = await newPage(browser);
    await page.goto('/');
    await page.waitForURL((url) => url.pathname === '/auth');
    await page.context().close();
  });

  it('sends a non-admin who opens /admin back to / and My Dashboard', async () => {
    const page = await signedInPage(await createAccount('hr'));
    await page.goto('/admin');
    await page.waitForURL((url) => url.pathname === '/');
    await myDashboardHeading(page).waitFor();
    expect(await mainTabs(page).allInnerTexts()).not.toContain('Admin');
    await page.context().close();
  });

  it('opens the Admin tab at /admin for an admin, and /auth sends a signed-in user to /', async () => {
    const page = await signedInPage(await createAccount('admin'));
    await page.goto('/admin');
    await page.getByRole('tabpanel').getByRole('heading', { name: 'Admin Panel', level: 1 }).waitFor();
    expect(await page.getByRole('tab', { name: 'Admin', exact: true }).getAttribute('aria-selected')).toBe('true');
    expect(pathname(page)).toBe('/admin');

    await page.getByRole('tab', { name: 'My Dashboard' }).click();
    await page.waitForURL((url) => url.pathname === '/');

    await page.goto('/auth');
    await page.waitForURL((url) => url.pathname === '/');
    await myDashboardHeading(page).waitFor();
    await page.context().close();
  });
});
