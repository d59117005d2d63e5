import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2E_DEPARTMENT, type Account, type CaughtMail } from '@tht/test-kit';
import { launchBrowser, newPage, signIn, toastTitled } from './support/browser';
import { latestMailTo, mailsTo } from './support/mailbox';
import { accounts } from './support/test-product';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const MS_PER_DAY = 86_400_000;
/** The server's day (UTC) moved by `days`. */
const dayFromToday = (days: number) => new Date(Date.now() + days * MS_PER_DAY).toISOString().slice(0, 10);
/** The run's own kind: on the first days of a month the schedule may also mail the monthly kinds. */
const aboutACertificate = ({ subject }: CaughtMail) => subject.startsWith('Your certificate');

/** Logs, as `account`, a training whose certificate is valid until `validUntil`. */
async function logCertificate(account: Account, trainingName: string, validUntil: string): Promise<void> {
  const token = await accounts.signInToken(account.email, account.password);
  await accounts.api('POST', '/api/entries', token, {
    firstName: account.firstName,
    lastName: account.lastName,
    managerName: 'Organisation Head',
    department: E2E_DEPARTMENT,
    trainingName,
    date: dayFromToday(0),
    hours: 6,
    validUntil,
  });
}

/** In the profile (account menu, Edit Profile), the "Reminders by e-mail" switch of `label` turned off. */
async function switchReminderOff(page: Page, account: Account, label: string): Promise<void> {
  await page.getByRole('button', { name: `${account.firstName} ${account.lastName}` }).click();
  await page.getByRole('menuitem', { name: 'Edit Profile' }).click();
  const dialog = page.getByRole('dialog', { name: 'Update Profile' });
  const reminder = dialog.getByRole('group', { name: 'Reminders by e-mail' }).getByRole('checkbox', { name: label, exact: true });
  await reminder.uncheck();
  await expect.poll(() => reminder.isChecked()).toBe(false);
  // Saved as switched: the dialog reopened reads it back from the server.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: `${account.firstName} ${account.lastName}` }).click();
  await page.getByRole('menuitem', { name: 'Edit Profile' }).click();
  await expect.poll(() => reminder.isChecked()).toBe(false);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
}

describe('reminders by e-mail', () => {
  it("a person switches a reminder off in their profile: the admin's run of that kind mails the others, not them", async () => {
    const tag = randomUUID().slice(0, 6);
    const keeps = await accounts.createAccount('employee');
    const optsOut = await accounts.createAccount('employee');
    const admin = await accounts.createAccount('admin');
    const personTab = await newPage(browser);
    await signIn(personTab, optsOut);
    await switchReminderOff(personTab, optsOut, 'Certificate expiring');

    // Certificates 7 and 30 days from their "Valid until": both due today. The one switched off comes
    // first in the run, so had it been queued its mail would arrive before the other's.
    await logCertificate(optsOut, `Fire Safety ${tag}`, dayFromToday(7));
    await logCertificate(keeps, `First Aid ${tag}`, dayFromToday(30));

    const adminTab = await newPage(browser);
    await signIn(adminTab, admin);
    await adminTab.goto('/admin');
    await adminTab.getByRole('tab', { name: 'Notifications', exact: true }).click();
    const card = adminTab.getByRole('region', { name: 'Certificate expiring' });
    await card.getByRole('checkbox', { name: 'Send Certificate expiring reminders' }).waitFor();
    await card.getByRole('button', { name: 'Run now' }).click();
    await toastTitled(adminTab, 'Certificate expiring reminders run').waitFor();
    await card.getByText(/by an administrator, as of/).waitFor();

    const mail = await latestMailTo(keeps.email, 60_000, aboutACertificate);
    expect(mail.subject).toBe(`Your certificate "First Aid ${tag}" expires in 30 days`);
    expect(mail.text).toContain(`Hello ${keeps.firstName},`);
    expect(mail.html).toContain(`First Aid ${tag}`);
    expect(mailsTo(optsOut.email).filter(aboutACertificate)).toEqual([]);

    await personTab.context().close();
    await adminTab.context().close();
  });
});
