import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, myDashboardHeading, newPage, signIn, signOut, toastTitled } from './support/browser';
import { accounts } from './support/test-product';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** A device: its own browser context (own local storage and cookies). */
const device = () => newPage(browser);

/** Reloading a protected page after the device's sign-in ended leads to /auth; otherwise My Dashboard shows again. */
async function stillSignedIn(page: Page): Promise<boolean> {
  await page.goto('/');
  await Promise.race([myDashboardHeading(page).waitFor(), page.waitForURL((url) => url.pathname === '/auth')]);
  return new URL(page.url()).pathname === '/';
}

describe('sessions on several devices', () => {
  it('Sign out on the phone leaves the laptop signed in; Sign out everywhere ends both', async () => {
    const account = await accounts.createAccount('employee');
    const [phone, laptop] = [await device(), await device()];
    await signIn(phone, account);
    await signIn(laptop, account);

    await signOut(phone, account);
    await phone.waitForURL((url) => url.pathname === '/auth');
    expect(await stillSignedIn(laptop), 'the laptop is still signed in').toBe(true);

    await signIn(phone, account);
    await laptop.getByRole('button', { name: `${account.firstName} ${account.lastName}` }).click();
    await laptop.getByRole('menuitem', { name: 'Sign out everywhere' }).click();
    await toastTitled(laptop, 'Signed out everywhere').waitFor();
    await laptop.waitForURL((url) => url.pathname === '/auth');
    expect(await stillSignedIn(phone), 'the phone is still signed in').toBe(false);
  });
});
