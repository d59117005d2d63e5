import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Account } from '@tht/test-kit';
import { launchBrowser, newPage, signIn, toast } from './support/browser';
import { accounts, testProduct } from './support/test-product';

const { createAccount } = accounts;

let browser: Browser;
let admin: Account;

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await createAccount('admin');
});

afterAll(async () => {
  await browser?.close();
});

/** The admin, signed in, on a tab of the Admin Panel. */
async function adminPanel(page: Page, tab: string): Promise<void> {
  await page.getByRole('tab', { name: 'Admin', exact: true }).click();
  await page.getByRole('heading', { name: 'Admin Panel', level: 1 }).waitFor();
  await page.getByRole('tab', { name: tab, exact: true }).click();
}

const fullName = (account: Account) => `${account.firstName} ${account.lastName}`;

describe('the audit trail in the Admin Panel', () => {
  it("shows an admin's change of a user in the user's History and in the Audit Log, filtered by record kind", async () => {
    const account = await createAccount('employee');
    const change = new RegExp(`, ${fullName(admin)} changed role employee -> manager$`);
    const page = await newPage(browser);
    await signIn(page, admin);
    await adminPanel(page, 'User Management');

    await page.getByLabel('Search users').fill(account.lastName);
    await page.getByRole('button', { name: `Edit ${fullName(account)}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit User' });
    await edit.getByLabel('Role').selectOption({ label: 'Manager' });
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await toast(page).getByText('User updated', { exact: true }).waitFor();
    await edit.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: `Edit ${fullName(account)}` }).click();
    await edit.getByRole('button', { name: 'Show History' }).click();
    await edit.getByRole('list', { name: 'User history' }).getByRole('listitem').filter({ hasText: change }).waitFor();
    await edit.getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('tab', { name: 'Audit Log', exact: true }).click();
    const log = page.getByRole('table', { name: 'Audit log' });
    await log.waitFor();
    await page.getByLabel('Record kind').selectOption({ label: 'Users' });
    await page.getByLabel('Person acting').selectOption({ label: `${fullName(admin)} (${admin.email})` });
    // The record by its name, with its kind under it.
    const record = fullName(account);
    const row = log.getByRole('row').filter({ has: page.getByRole('button', { name: `History of ${record}` }) });
    await expect.poll(() => row.count()).toBe(1);
    await expect.poll(() => row.textContent()).toContain('user updated: role manager');
    await expect.poll(() => row.getByRole('cell').nth(2).textContent()).toBe(`${record}Users`);
    await expect
      .poll(async () => (await log.getByRole('row').allTextContents()).slice(1).every((text) => text.includes('Users')))
      .toBe(true);

    await row.getByRole('button', { name: `History of ${record}` }).click();
    const history = page.getByRole('dialog', { name: `History of ${record}` });
    await history
      .getByRole('list', { name: `History of ${record}` })
      .getByRole('listitem')
      .filter({ hasText: change })
      .waitFor();
    await page.context().close();
  });

  it("lists a person's own sign-in under them, and a failed sign-in among the security events", async () => {
    const account = await createAccount('employee');
    const failed = await fetch(`${testProduct.baseUrl}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: account.email, password: 'not-the-password' }),
    });
    expect(failed.status).toBe(401);
    const page = await newPage(browser);
    await signIn(page, admin);
    await adminPanel(page, 'Audit Log');
    const log = page.getByRole('table', { name: 'Audit log' });
    await page.getByLabel('Record kind').selectOption({ label: 'Sign-ins and security' });
    const failure = log
      .getByRole('row')
      .filter({ hasText: 'sign-in failed: wrong password' })
      .filter({ hasText: fullName(account) });
    await failure.first().waitFor();
    expect(await failure.first().getByRole('cell').nth(1).textContent()).toBe('Someone signed out');

    await page.getByLabel('Person acting').selectOption({ label: `${fullName(account)} (${account.email})` });
    // Until the filtered page arrives the table still lists everyone's sign-ins (the admin's first).
    const ownSignIn = log.getByRole('row').filter({ hasText: 'user logged in' });
    await expect.poll(() => ownSignIn.first().getByRole('cell').nth(1).textContent(), { timeout: 10_000 }).toBe(fullName(account));
    await page.context().close();
  });
});
