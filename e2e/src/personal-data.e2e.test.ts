import { readFile } from 'node:fs/promises';
import type { Browser, Download, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Account } from '@tht/test-kit';
import { launchBrowser, newPage, signIn } from './support/browser';
import { accounts } from './support/test-product';

const { api, adminToken, createAccount } = accounts;

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const fullName = (account: Account) => `${account.firstName} ${account.lastName}`;

/**
 * The file a click downloads: the address opens in a new window, signed in by the cookie alone
 * (Chromium reports the download of a window opened without an opener on the page that opened it).
 */
async function downloadedBy(page: Page, click: () => Promise<void>): Promise<{ file: Download; text: string }> {
  const newWindow = page.context().waitForEvent('page');
  const [file] = await Promise.all([page.waitForEvent('download'), click()]);
  await newWindow;
  return { file, text: await readFile(await file.path(), 'utf8') };
}

describe("a person's copy of their data", () => {
  it('is downloaded by the person from the account menu, and by an admin from the Users tab, each download audited', async () => {
    const [person, admin] = [await createAccount('employee'), await createAccount('admin')];

    const own = await newPage(browser);
    await signIn(own, person);
    const json = await downloadedBy(own, async () => {
      await own.getByRole('button', { name: fullName(person) }).click();
      await own.getByRole('menuitem', { name: 'Download my data (JSON)' }).click();
    });
    expect(json.file.suggestedFilename()).toMatch(new RegExp(`^personal-data-user-${person.id}-\\d{4}-\\d{2}-\\d{2}\\.json$`));
    const document = JSON.parse(json.text) as { profile: { email: string }; dataDownloads: { format: string }[] };
    expect(document.profile.email).toBe(person.email);
    expect(document.dataDownloads.map(({ format }) => format)).toEqual(['json']);
    await own.context().close();

    const panel = await newPage(browser);
    await signIn(panel, admin);
    await panel.getByRole('tab', { name: 'Admin', exact: true }).click();
    await panel.getByRole('tab', { name: 'User Management', exact: true }).click();
    await panel.getByLabel('Search users').fill(person.lastName);
    await panel.getByRole('button', { name: `Personal data of ${fullName(person)}` }).click();
    const dialog = panel.getByRole('dialog', { name: `Personal data of ${fullName(person)}` });
    const csv = await downloadedBy(panel, () => dialog.getByRole('button', { name: 'Download CSV' }).click());
    expect(csv.file.suggestedFilename()).toMatch(new RegExp(`^personal-data-user-${person.id}-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
    expect(csv.text).toContain(`profile,,email,${person.email}`);
    await panel.context().close();

    const log = await api<{ items: { event: string; recordId: string; actor: { id: number } }[] }>(
      'GET',
      `/api/audit/log?kind=users&actorId=${admin.id}`,
      await adminToken(),
    );
    expect(log.items.find((item) => item.event === 'PersonalDataExported')).toMatchObject({
      recordId: String(person.id),
      actor: { id: admin.id },
    });
  });
});
