import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Account } from '@tht/test-kit';
import { launchBrowser, newPage, pickUpWithKeyboard, signIn, submitLogin, toast } from './support/browser';
import { accounts } from './support/test-product';

const { api, adminToken, createAccount, ensureDepartment, signInToken } = accounts;

const YEAR = new Date().getFullYear();

let browser: Browser;
// An admin of its own: the start-up admin's token serves the set-up, and a sign-out in the browser would end it.
let admin: Account;

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await createAccount('admin');
});

afterAll(async () => {
  await browser?.close();
});

/** The admin, signed in, on a tab of the Admin Panel. */
async function adminPanel(tab: string): Promise<Page> {
  const page = await newPage(browser);
  await signIn(page, admin);
  await page.getByRole('tab', { name: 'Admin', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/admin');
  await page.getByRole('heading', { name: 'Admin Panel', level: 1 }).waitFor();
  await page.getByRole('tab', { name: tab, exact: true }).click();
  return page;
}

function toastSaying(page: Page, text: string) {
  return toast(page).getByText(text, { exact: true });
}

/** Sets the forced new password and waits for My Dashboard. */
async function chooseNewPassword(page: Page, password: string) {
  await page.getByRole('heading', { name: 'Set Your Password' }).waitFor();
  await page.getByLabel('New Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Set Password' }).click();
  await page.getByRole('heading', { name: 'My Dashboard', level: 1 }).waitFor();
}

async function createTextField(token: string, label: string): Promise<{ id: number }> {
  return api<{ id: number }>('POST', '/api/form-fields', token, {
    name: label.toLowerCase().replace(/\W+/g, '_'),
    label,
    type: 'text',
    required: false,
  });
}

async function fieldIdsByLabel(token: string): Promise<Map<string, { id: number; order: number }>> {
  const fields = await api<Array<{ id: number; label: string; order: number }>>('GET', '/api/form-fields', token);
  return new Map(fields.map((field) => [field.label, field]));
}

describe('the Admin Panel', () => {
  it('adds a user, who then signs in and must choose their own password', async () => {
    const department = await ensureDepartment();
    const tag = randomUUID().slice(0, 6);
    const email = `added-${tag}@example.com`;
    const page = await adminPanel('User Management');

    await page.getByRole('button', { name: 'Add User' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add User' });
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('First Name').fill('Added');
    await dialog.getByLabel('Last Name').fill(`Person ${tag}`);
    await dialog.getByLabel('Role').selectOption({ label: 'Employee' });
    await dialog.getByLabel('Manager').selectOption({ label: `${admin.firstName} ${admin.lastName} (${admin.email})` });
    await dialog.getByLabel('Department').selectOption({ label: department });
    await dialog.getByLabel('Password', { exact: true }).fill('First-pass-1');
    await dialog.getByRole('button', { name: 'Add User' }).click();
    await toastSaying(page, 'User created').waitFor();

    await page.getByLabel('Search users').fill(tag);
    await page
      .getByRole('table', { name: 'Users' })
      .getByRole('rowheader', { name: `Added Person ${tag}` })
      .waitFor();
    await page.context().close();

    const newcomer = await newPage(browser);
    await submitLogin(newcomer, { email, password: 'First-pass-1' });
    await chooseNewPassword(newcomer, 'Own-password-2');
    await expect(signInToken(email, 'Own-password-2')).resolves.toBeTruthy();
    await newcomer.context().close();
  });

  it("sets a temporary password, and the user meets the forced 'Set Your Password' screen", async () => {
    const account = await createAccount('employee');
    const page = await adminPanel('User Management');
    await page.getByLabel('Search users').fill(account.lastName);
    const name = `${account.firstName} ${account.lastName}`;
    await page.getByRole('button', { name: `Set Password for ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Set Temporary Password' });
    await dialog.getByLabel('Temporary Password').fill('Temp-123');
    await dialog.getByRole('button', { name: 'Set Password' }).click();
    await toastSaying(page, 'Temporary password set').waitFor();
    await page.context().close();

    const user = await newPage(browser);
    await submitLogin(user, { email: account.email, password: 'Temp-123' });
    await user.getByRole('heading', { name: 'Set Your Password' }).waitFor();
    await user.context().close();
  });

  it('reorders two form fields with the keyboard, and Add Entry shows them in the new order', async () => {
    const token = await adminToken();
    const tag = randomUUID().slice(0, 6);
    const first = `Venue ${tag}`;
    const second = `Provider ${tag}`;
    const created = [await createTextField(token, first), await createTextField(token, second)];
    try {
      const page = await adminPanel('Form Fields');
      const handle = page.getByRole('button', { name: `Drag ${second} to reorder` });
      await pickUpWithKeyboard(page, handle, new RegExp(`^Picked up ${second}, position \\d+ of \\d+\\.$`));
      await page.keyboard.press('ArrowUp');
      await page.getByText(new RegExp(`^${second} is over ${first}, position \\d+ of \\d+\\.$`)).waitFor({ state: 'attached' });
      await page.keyboard.press('Space');
      await page.getByText(new RegExp(`^${second} dropped at position \\d+ of \\d+\\.$`)).waitFor({ state: 'attached' });

      await expect
        .poll(async () => {
          const fields = await fieldIdsByLabel(token);
          return fields.get(second)!.order < fields.get(first)!.order;
        })
        .toBe(true);

      await page.getByRole('tab', { name: 'Add Entry', exact: true }).click();
      const top = async (label: string) => (await page.getByLabel(label, { exact: true }).boundingBox())!.y;
      await page.getByLabel(first, { exact: true }).waitFor();
      expect(await top(second)).toBeLessThan(await top(first));
      await page.context().close();
    } finally {
      for (const field of created) await api('DELETE', `/api/form-fields/${field.id}`, token);
    }
  });

  it('adds a select field with two options, and an entry is saved with one of them', async () => {
    const token = await adminToken();
    const tag = randomUUID().slice(0, 6);
    const label = `Format ${tag}`;
    const name = `format_${tag}`;
    const page = await adminPanel('Form Fields');
    try {
      await page.getByRole('button', { name: 'Add Field' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Field' });
      await dialog.getByLabel('Field Name').fill(name);
      await dialog.getByLabel('Display Label').fill(label);
      await dialog.getByLabel('Field Type').selectOption({ label: 'Select' });
      await dialog.getByRole('button', { name: 'Add Field' }).click();
      await toastSaying(page, 'Form field added').waitFor();

      await page.getByRole('button', { name: `Manage options of ${label}` }).click();
      const options = page.getByRole('dialog', { name: `Options of ${label}` });
      for (const option of ['Online course', 'Classroom']) {
        await options.getByLabel('Option Label').fill(option);
        await options.getByRole('button', { name: 'Add Option' }).click();
        await options.getByRole('rowheader', { name: option }).waitFor();
      }
      await options.getByRole('button', { name: 'Close' }).click();
      await page.getByRole('listitem', { name: label }).getByText('2 options').waitFor();

      const trainingName = `Formats ${tag}`;
      await page.getByRole('tab', { name: 'Add Entry', exact: true }).click();
      await page.getByRole('textbox', { name: 'Training Name' }).fill(trainingName);
      await page.getByLabel('Date').fill(`${YEAR}-02-03`);
      await page.getByRole('spinbutton', { name: 'Hours' }).fill('1.5');
      await page.getByRole('combobox', { name: 'Manager Name' }).fill('Grace Hopper');
      await page.getByRole('combobox', { name: label }).selectOption({ label: 'Classroom' });
      await page.getByRole('button', { name: 'Save Entry' }).click();
      await toast(page).getByRole('status').filter({ hasText: 'Entry saved' }).waitFor();

      const adminAccount = await signInToken(admin.email, admin.password);
      const entries = await api<Array<{ trainingName: string; customFields: Record<string, unknown> }>>(
        'GET',
        `/api/entries?userId=${admin.id}`,
        adminAccount,
      );
      expect(entries.find((entry) => entry.trainingName === trainingName)?.customFields).toEqual({ [name]: 'classroom' });
      await page.context().close();
    } finally {
      const field = (await fieldIdsByLabel(token)).get(label);
      if (field) await api('DELETE', `/api/form-fields/${field.id}`, token);
    }
  });

  it('imports a CSV with one bad row: the check lists it, the good rows are imported with a progress bar', async () => {
    const employee = await createAccount('employee');
    const tag = randomUUID().slice(0, 6);
    const csv = [
      'Training Name,Date,Hours,Manager,Department,Training Type,Course Given By,Rating,Be Innovative,Notes',
      `Imported Excel ${tag},3/2/${YEAR},2,,,webinar,Trainer Co,4,1,Formulas`,
      `Imported Broken ${tag},not a date,1,,,,,,,`,
      `Imported Python ${tag},${YEAR}-03-04,3,,,internal,,5,no,`,
    ].join('\n');
    const page = await adminPanel('Import Data');

    await page
      .getByLabel('Choose a file to import')
      .setInputFiles({ name: `grid-${tag}.csv`, mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page
      .getByLabel('Employee whose entries these are')
      .selectOption({ label: `${employee.firstName} ${employee.lastName} (${employee.email})` });
    const check = page.getByRole('region', { name: 'Check of the file' });
    await check
      .getByRole('table', { name: 'Rows with errors' })
      .getByRole('row', { name: /^CSV 3 / })
      .waitFor();
    expect(await check.getByRole('table', { name: 'Rows with errors' }).innerText()).toContain('Missing or invalid date format');

    await page.getByRole('button', { name: 'Import 2 records' }).click();
    await page.getByRole('progressbar', { name: 'Import progress' }).waitFor();
    await toastSaying(page, 'Data import completed successfully!').waitFor();
    await page.getByText('2 of 2 records written (100%)').waitFor();

    const token = await adminToken();
    const entries = await api<Array<{ trainingName: string; trainingType: string }>>(
      'GET',
      `/api/entries?userId=${employee.id}`,
      token,
    );
    expect(entries.map((entry) => entry.trainingName).sort()).toEqual([`Imported Excel ${tag}`, `Imported Python ${tag}`]);
    await page.context().close();
  });
});
