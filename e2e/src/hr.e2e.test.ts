import { readFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail, type Account } from '@tht/test-kit';
import { launchBrowser, newPage, signIn, toast } from './support/browser';
import { accounts } from './support/test-product';

const { api, adminToken, createAccount, ensureDepartment, organisationHead, signInToken } = accounts;

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

/** The employee table's pager: 'Showing X of Y employees', Previous, 'Page n of m', Next. */
function pager(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Employee table pages' });
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
    await employeeTable(page).waitFor();
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
    expect(targets).toHaveLength(Math.min(everyone, 50));
    for (const row of targets) expect(await targetCell(row).textContent()).toBe('30 Edit');

    // One person, found by name (on whichever page they are), their target edited in the table.
    await page.getByLabel('Search employees').fill(learner.lastName);
    await page.getByText(`Showing 1 of ${everyone} employees`).waitFor();
    await rowOf(page, learner)
      .getByRole('button', { name: `Edit target for ${learner.firstName} ${learner.lastName}` })
      .click();
    const edit = page.getByRole('dialog', { name: `Target for ${learner.firstName} ${learner.lastName} in ${YEAR}` });
    await edit.getByLabel('Target Hours').fill('45');
    await edit.getByRole('button', { name: 'Save Target' }).click();
    await toast(page).getByText('User target updated successfully!', { exact: true }).waitFor();
    await targetCell(rowOf(page, learner)).getByText('45', { exact: false }).waitFor();

    // Then by role.
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

  it('pages the table on the server, 50 a page, with search, sorting and the bulk dialog over everyone', async () => {
    const token = await adminToken();
    const [hr, head, department] = await Promise.all([createAccount('hr'), organisationHead(), ensureDepartment()]);
    const tag = randomUUID().slice(0, 6);
    const addPerson = (lastName: string) =>
      api<{ id: number }>('POST', '/api/users', token, {
        email: uniqueEmail('paged'),
        firstName: 'Paged',
        lastName,
        role: 'employee',
        managerId: head.id,
        department,
        password: `Temp-${tag}-password`,
      });
    // More than a page of accounts, and one whose name sorts last but whose hours sort first.
    const { totalUsers } = await api<{ totalUsers: number }>('GET', '/api/admin-stats', token);
    const fillers = Array.from({ length: Math.max(0, 51 - totalUsers) }, (_, index) => `Filler ${tag} ${index}`);
    for (let start = 0; start < fillers.length; start += 4) await Promise.all(fillers.slice(start, start + 4).map(addPerson));
    const lastByName = `Zzzz ${tag}`;
    const { id } = await addPerson(lastByName);
    await api('POST', '/api/admin/entries/bulk', token, {
      targetUserId: id,
      validateData: true,
      entries: [{ trainingName: 'Leadership Programme', date: `${YEAR}-03-01`, hours: 900 }],
    });
    const everyone = (await api<{ totalUsers: number }>('GET', '/api/admin-stats', token)).totalUsers;
    const pages = Math.ceil(everyone / 50);

    const page = await newPage(browser);
    await signIn(page, hr);
    await page.getByRole('tab', { name: 'HR View', exact: true }).click();
    await page.getByLabel('Year', { exact: true }).selectOption(String(YEAR));
    await pager(page).getByText(`Page 1 of ${pages}`).waitFor();
    await pager(page).getByText(`Showing ${everyone} of ${everyone} employees`).waitFor();
    const rows = employeeTable(page)
      .getByRole('row')
      .filter({ has: page.getByRole('button', { name: /^Edit target for / }) });
    expect(await rows.count()).toBe(50);
    const named = page.getByRole('button', { name: `Edit target for Paged ${lastByName}` });
    expect(await named.count()).toBe(0);

    // Sorted by the server over everyone: the most hours of the year come first, from the last page by name.
    await employeeTable(page).getByRole('button', { name: 'Total Hours' }).click();
    await rows.first().filter({ has: named }).waitFor();

    // Searched on the server; the next page is asked for.
    await page.getByLabel('Search employees').fill(lastByName.toLowerCase());
    await pager(page).getByText(`Showing 1 of ${everyone} employees`).waitFor();
    await page.getByLabel('Search employees').fill('');
    await pager(page).getByText(`Showing ${everyone} of ${everyone} employees`).waitFor();
    await pager(page).getByRole('button', { name: 'Next' }).click();
    await pager(page).getByText(`Page 2 of ${pages}`).waitFor();

    // The bulk dialog reaches every account, not only the page's.
    await page.getByRole('button', { name: 'Set employee targets' }).click();
    const dialog = page.getByRole('dialog', { name: 'Set employee targets' });
    expect(await dialog.getByRole('checkbox', { name: `All employees (${everyone})` }).isChecked()).toBe(true);
    await dialog.getByLabel('Target Hours').fill('12');
    await dialog.getByRole('button', { name: 'Set Targets' }).click();
    await toast(page).getByText(`Set 12 hour targets for all ${everyone} employees`, { exact: true }).waitFor();
    await page.context().close();
  });
});
