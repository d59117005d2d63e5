import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Account } from '@tht/test-kit';
import { launchBrowser, newPage, signIn, toast } from './support/browser';
import { accounts } from './support/test-product';

const { api, adminToken, createAccount, signInToken } = accounts;

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const YEAR = new Date().getFullYear();
const pad = (value: number) => String(value).padStart(2, '0');
/** A date in the current year (the dashboard's default year), as the entry date input takes it. */
const isoDay = (month: number, day: number) => `${YEAR}-${pad(month)}-${pad(day)}`;

async function signedInEmployee(): Promise<{ account: Account; page: Page }> {
  const account = await createAccount('employee');
  const page = await newPage(browser);
  await signIn(page, account);
  return { account, page };
}

/** A stat tile is the list item around its heading (tiles carry no label of their own). */
function statTile(page: Page, title: string) {
  return page.getByRole('heading', { name: title, exact: true }).locator('xpath=ancestor::li[1]');
}

/** An entry's row in the entries table is found by its View button ('View {training name}'). */
function viewButton(page: Page, trainingName: string) {
  return page.getByRole('table', { name: 'Training entries' }).getByRole('button', { name: `View ${trainingName}`, exact: true });
}

async function fillEntryForm(page: Page, { trainingName, date, hours }: { trainingName: string; date: string; hours: string }) {
  await page.getByRole('textbox', { name: 'Training Name' }).fill(trainingName);
  await page.getByLabel('Date').fill(date);
  await page.getByRole('spinbutton', { name: 'Hours' }).fill(hours);
  await page.getByRole('combobox', { name: 'Manager Name' }).fill('Grace Hopper');
}

/** Delivers spreadsheet text to the focused grid cell the way the browser does on Ctrl+V. */
async function pasteIntoFocusedCell(page: Page, text: string) {
  await page.evaluate((clipboardText) => {
    const data = new DataTransfer();
    data.setData('text/plain', clipboardText);
    document.activeElement?.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
}

describe('an employee’s training entries', () => {
  it('logs an entry with the Add Entry form, sees it in the list and the stat cards, edits it and deletes it', async () => {
    const { page } = await signedInEmployee();
    const trainingName = `Leadership ${randomUUID().slice(0, 6)}`;

    await page.getByRole('tab', { name: 'Add Entry', exact: true }).click();
    await fillEntryForm(page, { trainingName, date: isoDay(3, 14), hours: '2.5' });
    await page.getByRole('button', { name: 'Save Entry' }).click();
    await toast(page).getByRole('status').filter({ hasText: 'Entry saved' }).waitFor();

    await page.getByRole('tab', { name: 'My Dashboard', exact: true }).click();
    await viewButton(page, trainingName).waitFor();
    await statTile(page, 'Total Hours').getByText('2.5', { exact: true }).waitFor();
    await statTile(page, 'Completed Training').getByText('1', { exact: true }).waitFor();

    await viewButton(page, trainingName).click();
    const details = page.getByRole('dialog', { name: 'Training Entry Details' });
    await details.getByText('Completed', { exact: true }).waitFor();
    await details.getByRole('button', { name: 'Edit Entry' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Training Entry' });
    await edit.getByRole('spinbutton', { name: 'Hours' }).fill('4');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await toast(page).getByRole('status').filter({ hasText: 'Entry updated' }).waitFor();
    await statTile(page, 'Total Hours').getByText('4', { exact: true }).waitFor();

    await page.getByRole('button', { name: `Delete ${trainingName}` }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete Entry' });
    await confirm.getByText('Are you sure you want to delete this entry? This action cannot be undone.').waitFor();
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await toast(page).getByRole('status').filter({ hasText: 'Entry deleted' }).waitFor();
    await page.getByText('No entries match your current filters').waitFor();
    await statTile(page, 'Total Hours').getByText('0', { exact: true }).waitFor();
    await page.context().close();
  });

  it('pastes three spreadsheet rows into Bulk Add, previews the invalid one with an error badge and creates the other two', async () => {
    const { page } = await signedInEmployee();
    await page.getByRole('button', { name: 'Bulk Add', exact: true }).click();
    await page.getByLabel('Training Name, row 1').focus();
    await pasteIntoFocusedCell(
      page,
      [
        `Excel Basics\t1/2/${YEAR}\t2\t\t\tExternal\tTraining Co\t4\tyes\tFormulas`,
        `Negotiation\tnot a date\t3`,
        `Python Intro\t${isoDay(2, 10)}\t1.5`,
      ].join('\r\n'),
    );

    await page.getByRole('button', { name: 'Preview', exact: true }).click();
    const preview = page.getByRole('dialog', { name: 'Preview Entries' });
    await preview.getByText('1 error', { exact: true }).waitFor();
    await preview.getByRole('list', { name: 'Errors in row 2' }).getByText('Missing or invalid date format').waitFor();
    expect(await preview.getByText('Ready', { exact: true }).count()).toBe(2);
    await preview.getByRole('button', { name: 'Create 2 Entries' }).click();

    await toast(page).getByRole('status').filter({ hasText: 'Entries created' }).waitFor();
    await viewButton(page, 'Excel Basics').waitFor();
    await viewButton(page, 'Python Intro').waitFor();
    expect(await viewButton(page, 'Negotiation').count()).toBe(0);
    await statTile(page, 'Completed Training').getByText('2', { exact: true }).waitFor();
    await statTile(page, 'Total Hours').getByText('3.5', { exact: true }).waitFor();
    await page.context().close();
  });

  it('shows a custom select field configured through the API in Add Entry and its value in the detail dialog', async () => {
    const admin = await adminToken();
    const suffix = randomUUID().slice(0, 6);
    const field = await api<{ id: number }>('POST', '/api/form-fields', admin, {
      name: `delivery_${suffix}`,
      label: `Delivery ${suffix}`,
      type: 'select',
      required: false,
    });
    await api('POST', `/api/form-fields/${field.id}/options`, admin, { label: 'In Person' });
    await api('POST', `/api/form-fields/${field.id}/options`, admin, { label: 'Live Online' });
    try {
      const { page } = await signedInEmployee();
      const trainingName = `Webinar ${suffix}`;
      await page.getByRole('tab', { name: 'Add Entry', exact: true }).click();
      await fillEntryForm(page, { trainingName, date: isoDay(1, 20), hours: '1' });
      await page.getByRole('combobox', { name: `Delivery ${suffix}` }).selectOption({ label: 'Live Online' });
      await page.getByRole('button', { name: 'Save Entry' }).click();
      await toast(page).getByRole('status').filter({ hasText: 'Entry saved' }).waitFor();

      await page.getByRole('tab', { name: 'My Dashboard', exact: true }).click();
      await viewButton(page, trainingName).click();
      const details = page.getByRole('dialog', { name: 'Training Entry Details' });
      await details.getByText(`Delivery ${suffix}`, { exact: true }).waitFor();
      await details.getByText('Live Online', { exact: true }).waitFor();
      await page.context().close();
    } finally {
      await api('DELETE', `/api/form-fields/${field.id}`, admin);
    }
  });

  it('keeps the dashboard module order across a reload', async () => {
    const { page } = await signedInEmployee();
    const modules = page.getByRole('list', { name: 'Dashboard modules' }).locator(':scope > li');
    const order = () => modules.evaluateAll((items) => items.map((item) => item.getAttribute('aria-label')));
    await expect.poll(order).toEqual(['Progress', 'Statistics', 'Entries']);

    await page.getByRole('button', { name: 'Move Entries up' }).click();
    await page.getByRole('button', { name: 'Move Entries up' }).click();
    // The sections follow the pointer (dnd-kit), so the drag moves it in steps as a hand does, not in one jump.
    await page
      .getByTitle('Drag Statistics to reorder')
      .dragTo(page.getByRole('listitem', { name: 'Progress', exact: true }), { steps: 8 });
    await expect.poll(order).toEqual(['Entries', 'Statistics', 'Progress']);

    await page.reload();
    await page.getByRole('heading', { name: 'Training Entries' }).waitFor();
    await expect.poll(order).toEqual(['Entries', 'Statistics', 'Progress']);
    await page.context().close();
  });

  it("does not let an employee edit another employee's entry through the API", async () => {
    const owner = await createAccount('employee');
    const other = await createAccount('employee');
    const ownerToken = await signInToken(owner.email, owner.password);
    const otherToken = await signInToken(other.email, other.password);
    const entry = {
      firstName: owner.firstName,
      lastName: owner.lastName,
      trainingName: 'Private course',
      date: isoDay(4, 1),
      hours: 2,
      managerName: 'Grace Hopper',
      department: 'E2E Department',
    };
    const created = await api<{ id: number; userId: number; createdAt: string }>('POST', '/api/entries', ownerToken, entry);

    await expect(
      api('PUT', `/api/entries/${created.id}`, otherToken, {
        ...entry,
        trainingName: 'Taken over',
        userId: created.userId,
        createdAt: created.createdAt,
      }),
    ).rejects.toThrow(/answered 40[34]/);
    await expect(api('DELETE', `/api/entries/${created.id}`, otherToken)).rejects.toThrow(/answered 40[34]/);
    const ownEntries = await api<Array<{ id: number; trainingName: string }>>(
      'GET',
      `/api/entries?userId=${owner.id}&year=${YEAR}`,
      ownerToken,
    );
    expect(ownEntries.find((item) => item.id === created.id)?.trainingName).toBe('Private course');
  });
});
