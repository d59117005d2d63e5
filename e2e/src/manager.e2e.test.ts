import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Account } from '@tht/test-kit';
import { launchBrowser, newPage, pickUpWithKeyboard, signIn } from './support/browser';
import { accounts } from './support/test-product';

const { api, createAccount, signInToken } = accounts;

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const YEAR = new Date().getFullYear();
const pad = (value: number) => String(value).padStart(2, '0');
const isoDay = (month: number, day: number) => `${YEAR}-${pad(month)}-${pad(day)}`;

/** Logs an entry as `account` does from their Add Entry form. */
async function logEntry(
  account: Account,
  entry: { trainingName: string; date: string; hours: number; rating?: number; beInnovative?: boolean },
) {
  const token = await signInToken(account.email, account.password);
  await api('POST', '/api/entries', token, {
    firstName: account.firstName,
    lastName: account.lastName,
    managerName: 'Team Manager',
    department: 'E2E Department',
    ...entry,
  });
}

function managerDashboard(page: Page) {
  return page.getByRole('region', { name: 'Manager Dashboard' });
}

/** A stat card is the list item around its heading. */
function statCard(page: Page, title: string) {
  return managerDashboard(page).getByRole('heading', { name: title, exact: true }).locator('xpath=ancestor::li[1]');
}

function sectionOrder(page: Page) {
  return page
    .getByRole('list', { name: 'Dashboard sections' })
    .locator(':scope > li')
    .evaluateAll((items) => items.map((item) => item.getAttribute('aria-label')));
}

async function openManagerView(page: Page) {
  await page.getByRole('tab', { name: 'Manager View', exact: true }).click();
  await page.getByRole('heading', { name: 'Manager Dashboard', level: 1 }).waitFor();
}

describe("a manager's team dashboard", () => {
  it('shows the team, a report’s entries, keeps a section moved with the keyboard, and counts a new entry after a refresh', async () => {
    const manager = await createAccount('manager');
    const ada = await createAccount('employee', { managerId: manager.id });
    const bob = await createAccount('employee', { managerId: manager.id });
    const suffix = randomUUID().slice(0, 6);
    await logEntry(ada, { trainingName: `Leadership ${suffix}`, date: isoDay(1, 10), hours: 2.5, rating: 5, beInnovative: true });
    await logEntry(ada, { trainingName: `Risk Management ${suffix}`, date: isoDay(1, 12), hours: 4, rating: 4 });
    await logEntry(bob, { trainingName: `Excel ${suffix}`, date: isoDay(1, 20), hours: 1.25, rating: 3 });

    const page = await newPage(browser);
    await signIn(page, manager);
    await openManagerView(page);

    await statCard(page, 'Team Members').getByText('2', { exact: true }).waitFor();
    await statCard(page, 'Total Hours').getByText('7.75', { exact: true }).waitFor();
    await statCard(page, 'Completed Training').getByText('3', { exact: true }).waitFor();
    await page
      .getByRole('progressbar', { name: `Progress of ${ada.firstName} ${ada.lastName} towards their ${YEAR} target` })
      .waitFor();
    await page.getByRole('list', { name: 'Most frequent topics' }).getByText('Leadership', { exact: true }).waitFor();

    const adaRow = page.getByRole('button', { name: `${ada.firstName} ${ada.lastName}`, exact: true });
    await page.getByLabel(`Training history of ${ada.firstName} ${ada.lastName}`).getByText('6.5', { exact: true }).waitFor();
    await adaRow.click();
    const cards = page.getByRole('list', { name: `Training entries of ${ada.firstName} ${ada.lastName}` });
    const leadership = cards.getByRole('article', { name: `Leadership ${suffix}` });
    await leadership.getByText('Be Innovative', { exact: true }).waitFor();
    await leadership.getByText('2.5 hours', { exact: true }).waitFor();
    await cards
      .getByRole('article', { name: `Risk Management ${suffix}` })
      .getByText('4/5', { exact: true })
      .waitFor();
    expect(await cards.getByRole('article').count()).toBe(2);

    expect(await sectionOrder(page)).toEqual(['Team Statistics', 'Training Progress', 'Team Details', 'Popular Topics']);
    // The keyboard way of dragging: Space picks the section up, the arrows move it, Space drops it.
    const handle = page.getByRole('button', { name: 'Drag Popular Topics to reorder' });
    await pickUpWithKeyboard(page, handle, 'Picked up Popular Topics, position 4 of 4.');
    await page.keyboard.press('ArrowUp');
    await page.getByText('Popular Topics is over Team Details, position 3 of 4.').waitFor({ state: 'attached' });
    await page.keyboard.press('ArrowUp');
    await page.getByText('Popular Topics is over Training Progress, position 2 of 4.').waitFor({ state: 'attached' });
    await page.keyboard.press('Space');
    await page.getByText('Popular Topics dropped at position 2 of 4.').waitFor({ state: 'attached' });
    expect(await sectionOrder(page)).toEqual(['Team Statistics', 'Popular Topics', 'Training Progress', 'Team Details']);

    await page.reload();
    await openManagerView(page);
    await statCard(page, 'Team Members').waitFor();
    expect(await sectionOrder(page)).toEqual(['Team Statistics', 'Popular Topics', 'Training Progress', 'Team Details']);

    await logEntry(bob, { trainingName: `Coaching ${suffix}`, date: isoDay(1, 25), hours: 3 });
    await page.reload();
    await openManagerView(page);
    await statCard(page, 'Total Hours').getByText('10.75', { exact: true }).waitFor();
    await statCard(page, 'Completed Training').getByText('4', { exact: true }).waitFor();
    await page.context().close();
  });
});
