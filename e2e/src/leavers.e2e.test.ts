import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '@tht/contracts';
import type { Account } from '@tht/test-kit';
import { launchBrowser, loginForm, myDashboardHeading, newPage, signIn, submitLogin, toastTitled } from './support/browser';
import { accounts } from './support/test-product';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const nameOf = (account: Account) => `${account.firstName} ${account.lastName}`;

/** The admin's User Management list, searched down to `account`, with the status filter set to `status`. */
async function findInUserList(page: Page, account: Account, status: 'Active' | 'Deactivated'): Promise<void> {
  await page.getByRole('tab', { name: 'Admin', exact: true }).click();
  await page.getByLabel('Status').selectOption({ label: status });
  await page.getByLabel('Search users').fill(account.lastName);
  await page
    .getByRole('table', { name: 'Users' })
    .getByRole('rowheader', { name: new RegExp(account.lastName) })
    .waitFor();
}

describe('leavers are switched off, not deleted', () => {
  it('an admin deactivates a person whose tab is open: that tab falls back to the sign-in page on its next request, and Reactivate lets them back in', async () => {
    // Made by the start-up admin through the admin API: no registrations (the product allows 20 an hour per address).
    const leaver = await accounts.createAccount('employee');
    const admin = await accounts.createAccount('admin');
    const leaverTab = await newPage(browser);
    const adminTab = await newPage(browser);
    await signIn(leaverTab, leaver);
    await signIn(adminTab, admin);

    await findInUserList(adminTab, leaver, 'Active');
    await adminTab.getByRole('button', { name: `Deactivate ${nameOf(leaver)}` }).click();
    const confirm = adminTab.getByRole('alertdialog', { name: 'Deactivate User' });
    await confirm.getByText('They are signed out at once', { exact: false }).waitFor();
    await confirm.getByRole('button', { name: 'Deactivate', exact: true }).click();
    await toastTitled(adminTab, 'User deactivated').waitFor();

    // The open tab still shows the dashboard; its next request (opening Add Entry reads the form's fields) finds the session ended.
    await myDashboardHeading(leaverTab).waitFor();
    await leaverTab.getByRole('tab', { name: 'Add Entry', exact: true }).click();
    await leaverTab.waitForURL((url) => url.pathname === '/auth');
    await loginForm(leaverTab).submit.waitFor();

    // Signing in again is refused, saying why.
    await submitLogin(leaverTab, leaver);
    await leaverTab.getByText(ACCOUNT_MESSAGES.accountDeactivated).first().waitFor();

    await findInUserList(adminTab, leaver, 'Deactivated');
    await adminTab.getByRole('button', { name: `Reactivate ${nameOf(leaver)}` }).click();
    await toastTitled(adminTab, 'User reactivated').waitFor();

    await submitLogin(leaverTab, leaver);
    await leaverTab.waitForURL((url) => url.pathname === '/');
    await myDashboardHeading(leaverTab).waitFor();
    await leaverTab.context().close();
    await adminTab.context().close();
  });
});
