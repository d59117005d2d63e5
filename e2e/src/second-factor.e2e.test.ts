import { RECOVERY_CODE_COUNT, SECOND_FACTOR_MESSAGES } from '@tht/contracts';
import { generate } from 'otplib';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, myDashboardHeading, newPage, signIn, signOut, submitLogin, toastTitled } from './support/browser';
import { accounts } from './support/test-product';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** The authenticator app's code `steps` 30-second steps from now. */
const appCode = (secret: string, steps = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

describe('two-step sign-in of an administrator', () => {
  it('is set up from the account menu with the QR code, then asked for after the password', async () => {
    const admin = await accounts.createAccount('admin');
    const page = await newPage(browser);
    const blocked: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) blocked.push(message.text());
    });
    await signIn(page, admin);

    await page.getByRole('button', { name: `${admin.firstName} ${admin.lastName}` }).click();
    await page.getByRole('menuitem', { name: 'Two-step sign-in' }).click();
    const dialog = page.getByRole('dialog', { name: 'Two-step sign-in' });
    await dialog.getByRole('button', { name: 'Set up two-step sign-in' }).click();
    const qr = dialog.getByRole('img', { name: 'QR code for your authenticator app' });
    await qr.waitFor();
    // The QR code is a data: image, which the CSP allows: it is drawn, not blocked.
    await expect.poll(() => qr.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
    expect(blocked).toEqual([]);
    const secret = (await dialog.locator('code').textContent())!.trim();
    await dialog.getByLabel(/Code from the app/).fill(await appCode(secret));
    await dialog.getByRole('button', { name: 'Turn on' }).click();
    const codes = dialog.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
    await expect.poll(() => codes.count()).toBe(RECOVERY_CODE_COUNT);
    const recoveryCode = (await codes.first().textContent())!.trim();
    await dialog.getByRole('button', { name: 'I have saved my recovery codes' }).click();
    await dialog.getByText(/Two-step sign-in is on/).waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();

    await signOut(page, admin);
    await page.waitForURL((url) => url.pathname === '/auth');
    await submitLogin(page, admin);
    const code = page.getByLabel(/Authentication code/);
    await code.waitFor();
    await page.getByText(SECOND_FACTOR_MESSAGES.codeRequired).waitFor();
    const accepted = await Promise.all([-1, 0, 1].map((steps) => appCode(secret, steps)));
    await code.fill(['000000', '111111', '222222', '333333'].find((wrong) => !accepted.includes(wrong))!);
    await page.getByRole('button', { name: 'Verify' }).click();
    await toastTitled(page, 'Login failed').waitFor();
    await page.getByLabel(/Authentication code/).fill(await appCode(secret, 1));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await myDashboardHeading(page).waitFor();

    // A recovery code signs in once on another device.
    const other = await newPage(browser);
    await submitLogin(other, admin);
    await other.getByLabel(/Authentication code/).fill(recoveryCode);
    await other.getByRole('button', { name: 'Verify' }).click();
    await myDashboardHeading(other).waitFor();
    await other.context().close();
    await page.context().close();
  });
});
