import { readFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Account } from './support/accounts';
import { launchBrowser, newPage, signIn, toast } from './support/browser';
import { accounts } from './support/test-product';

const { api, createAccount, signInToken } = accounts;

/** A year no other browser test writes targets for; an entry dated in it puts it in the year selector. */
const YEAR = 2027;

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

function employeeTable(page: Page): Locator {
  return page.getByRole('table', { name: `Employees in ${YEAR}` });
}

/** A person's row in the employee table, found by the Edit button that names them. */
function rowOf(page: Page, account: Account): Locator {
  return employeeTable(page)
    .getByRole('row')
    .filter({ has: page.getByRole('button', { name: `Edit target for ${account.firstName} ${account.lastName}` }) });
}

/** The Target Hours cell (fourth) of a row: the hours, then its Edit button. */
function targetCell(row: Locator): Locator {
  return row.getByRole('cell').nth(3);
}

/** 'Showing X of Y employees' read back as [X, Y]. */
async function showing(page: Page): Promise<[number, number]> {
  const text = await page.getByText(/^Showing \d+ of \d+ employees$/).textContent();
  const [, shown, total] = /Showing (\d+) of (\d+)/.exec(text ?? '')!;
  return [Number(shown), Number(total)];
}

describe('the HR View', () => {
  it('sets the company target for everyone, edits one target, filters the table and downloads the export', async () => {
    const hr = await createAccount('hr');
    const learner = await createAccount('employee');
    const trainingName = `Negotiation ${randomUUID().slice(0, 8)}`;
    await api('POST', '/api/entries', await signInToken(learner.email, learner.password), {
      firstName: learner.firstName,
      lastName: learner.lastName,
      trainingName,
      date: `${YEAR}-02-03`,
      hours: 3,
      rating: 5,
      managerName: 'Grace Hopper',
      department: 'E2E Department',
    });

    const page = await newPage(browser);
    await signIn(page, hr);
    await page.getByRole('tab', { name: 'HR View', exact: true }).click();
    await page.getByRole('heading', { name: 'HR Dashboard', level: 1 }).waitFor();
    await page.getByLabel('Year', { exact: true }).selectOption(String(YEAR));
    const targetCard = page.getByRole('region', { name: `Organisation Target ${YEAR}` });
    await targetCard.getByText(`No training target set for ${YEAR}`).waitFor();
    await rowOf(page, learner).waitFor();
    const [, everyone] = await showing(page);

    // A company target of 30 hours a head: everyone's share is 30 hours.
    await targetCard.getByRole('button', { name: 'Set Target' }).click();
    const dialog = page.getByRole('dialog', { name: 'Set Target' });
    await dialog.getByLabel('Target Hours').fill(String(30 * everyone));
    await dialog.getByRole('button', { name: 'Set Target' }).click();
    await toast(page).getByText(`Set 30 hour targets for all ${everyone} employees`, { exact: true }).waitFor();
    await targetCard.getByText(`3 of ${30 * everyone} hours`).waitFor();
    const targets = await employeeTable(page)
      .getByRole('row')
      .filter({ has: page.getByRole('button', { name: /^Edit target for / }) })
      .all();
    expect(targets).toHaveLength(everyone);
    for (const row of targets) expect(await targetCell(row).textContent()).toBe('30 Edit');

    // One person's target, edited in the table.
    await rowOf(page, learner)
      .getByRole('button', { name: `Edit target for ${learner.firstName} ${learner.lastName}` })
      .click();
    const edit = page.getByRole('dialog', { name: `Target for ${learner.firstName} ${learner.lastName} in ${YEAR}` });
    await edit.getByLabel('Target Hours').fill('45');
    await edit.getByRole('button', { name: 'Save Target' }).click();
    await toast(page).getByText('User target updated successfully!', { exact: true }).waitFor();
    await targetCell(rowOf(page, learner)).getByText('45', { exact: false }).waitFor();

    // The table filtered by name, then by role.
    await page.getByLabel('Search employees').fill(learner.lastName);
    await page.getByText(`Showing 1 of ${everyone} employees`).waitFor();
    await rowOf(page, learner).waitFor();
    await page.getByLabel('Search employees').fill('');
    await page.getByLabel('Role', { exact: true }).selectOption('hr');
    await rowOf(page, hr).waitFor();
    expect(await rowOf(page, learner).count()).toBe(0);

    // Export All Data: a file download in a new window, which signs in with the cookie alone (Chromium
    // reports the download of a window opened without an opener on the page that opened it).
    const newWindow = page.context().waitForEvent('page');
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export All Data', exact: true }).click(),
    ]);
    await newWindow;
    expect(file.suggestedFilename()).toMatch(/^training-hours-example\.com-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile(await file.path(), 'utf8');
    expect(csv).toContain(trainingName);
    expect(csv).toContain(learner.email);
  });
});
