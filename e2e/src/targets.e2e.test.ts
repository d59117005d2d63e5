import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { launchBrowser, newPage, signIn } from './support/browser';
import { accounts } from './support/test-product';

const { api, createAccount, signInToken } = accounts;

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe('personal targets', () => {
  it('shows the target HR set for an employee on their My Dashboard', async () => {
    const employee = await createAccount('employee');
    const hr = await createAccount('hr');
    const hrToken = await signInToken(hr.email, hr.password);
    await api('POST', '/api/user-targets', hrToken, {
      userId: employee.id,
      year: new Date().getFullYear(),
      targetHours: 42,
      reason: 'HR adjustment',
    });

    const page = await newPage(browser);
    await signIn(page, employee);
    await page
      .getByRole('heading', { name: 'Total Hours', exact: true })
      .locator('xpath=ancestor::li[1]')
      .getByText('of your 42 hour target')
      .waitFor();
  });
});
