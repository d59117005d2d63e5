import { readFile } from 'node:fs/promises';
import type { Browser, Download, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Account } from '@tht/test-kit';
import { baseUrl, launchBrowser, mainTabs, newPage, signIn } from './support/browser';
import { accounts } from './support/test-product';

const { api, adminToken, createAccount, signInToken } = accounts;

let browser: Browser;
let year: number;
let smt: Account;
let admin: Account;
let hr: Account;

/**
 * A year nobody else uses (no fiscal year, no entries), within the fiscal-year form's range, so
 * the organisation's figures of that year are exactly this file's fixture.
 */
async function unusedYear(): Promise<number> {
  const token = await adminToken();
  const fiscalYears = await api<Array<{ year: number }>>('GET', '/api/fiscal-years', token);
  const withEntries = await api<number[]>('GET', '/api/available-years', token);
  const taken = new Set([...fiscalYears.map((fiscalYear) => fiscalYear.year), ...withEntries]);
  const free = Array.from({ length: 20 }, (_, index) => 2031 + index).filter((candidate) => !taken.has(candidate));
  return free[Math.floor(Math.random() * free.length)]!;
}

type EntryFixture = {
  trainingName: string;
  monthDay: string;
  hours: number;
  rating?: number;
  beInnovative?: boolean;
  notes?: string;
};

async function logEntries(account: Account, entries: readonly EntryFixture[]) {
  const token = await signInToken(account.email, account.password);
  for (const { monthDay, ...entry } of entries) {
    await api('POST', '/api/entries', token, {
      firstName: account.firstName,
      lastName: account.lastName,
      managerName: 'Team Manager',
      department: 'E2E Department',
      date: `${year}-${monthDay}`,
      ...entry,
    });
  }
}

/**
 * Two people's year, computed by hand: 25 hours (Ada 19, Bob 6), 2 active employees, 12.5 hours
 * each; a target of 30 hours: 83.3%, On Track. 21 enterprise topics (the top 12 shown), 3
 * innovative entries, 7 rated 4 or more (the top 6 shown: Presentation Skills first).
 */
beforeAll(async () => {
  browser = await launchBrowser();
  year = await unusedYear();
  [smt, admin, hr] = [await createAccount('smt'), await createAccount('admin'), await createAccount('hr')];
  const ada = await createAccount('employee');
  const bob = await createAccount('employee');
  await logEntries(ada, [
    {
      trainingName: 'Leadership and Strategy Summit',
      monthDay: '02-01',
      hours: 6,
      rating: 5,
      beInnovative: true,
      notes: 'Led a cross-team innovation sprint on customer onboarding, with a prototype shipped to three pilot teams',
    },
    { trainingName: 'Risk Management Workshop', monthDay: '03-01', hours: 3, rating: 4 },
    { trainingName: 'Cloud Security Essentials', monthDay: '03-15', hours: 2.5, rating: 5 },
    {
      trainingName: 'Data Analytics with Excel',
      monthDay: '04-01',
      hours: 1.5,
      rating: 4,
      beInnovative: true,
      notes: 'Automated the monthly report',
    },
    { trainingName: 'Project Finance Basics', monthDay: '05-05', hours: 2, rating: 3 },
    { trainingName: 'Negotiation Masterclass', monthDay: '06-06', hours: 4, rating: 5 },
  ]);
  await logEntries(bob, [
    { trainingName: 'Agile Coaching Circle', monthDay: '04-10', hours: 1, rating: 4, beInnovative: true },
    { trainingName: 'Compliance and Ethics Refresher', monthDay: '05-20', hours: 1, rating: 2 },
    { trainingName: 'Presentation Skills', monthDay: '07-07', hours: 2, rating: 5 },
    { trainingName: 'Digital Marketing Trends', monthDay: '08-08', hours: 2 },
  ]);
  await api('POST', '/api/fiscal-years', await adminToken(), { year, targetHours: 30, description: 'Board goal' });
});

afterAll(async () => {
  await browser?.close();
});

function smtDashboard(page: Page) {
  return page.getByRole('region', { name: 'SMT Dashboard' });
}

/** A card is the list item around its heading. */
function card(page: Page, title: string) {
  return smtDashboard(page).getByRole('heading', { name: title, exact: true }).locator('xpath=ancestor::li[1]');
}

/** Signs in, opens the SMT View tab and picks the fixture's year. */
async function openSmtView(page: Page, account: Account) {
  await signIn(page, account);
  await page.getByRole('tab', { name: 'SMT View', exact: true }).click();
  await page.getByRole('heading', { name: 'SMT Dashboard', level: 1 }).waitFor();
  const yearSelect = smtDashboard(page).getByLabel('Year');
  await expect.poll(() => yearSelect.isEnabled()).toBe(true);
  await yearSelect.selectOption(String(year));
}

/** The file a click opens in a new window: Chromium reports its download on the page that opened the window. */
async function downloadOpenedBy(page: Page, click: () => Promise<void>): Promise<Download> {
  const download = page.waitForEvent('download');
  await click();
  return download;
}

describe('the SMT View', () => {
  it("shows an SMT user the year's cards, target badge, topics, highlights and top courses, and exports the year", async () => {
    const page = await newPage(browser);
    await openSmtView(page, smt);

    await card(page, 'Active Employees').getByText('2', { exact: true }).waitFor();
    await card(page, 'Total Training Hours').getByText('25', { exact: true }).waitFor();
    await card(page, 'Avg Hours per Employee').getByText('12.5', { exact: true }).waitFor();
    await card(page, 'Total Training Hours')
      .getByText(`No figures for ${year - 1}`)
      .waitFor();

    const target = page.getByRole('region', { name: `Organisational Target ${year}` });
    await target.getByText('25 of 30 hours').waitFor();
    await target.getByText('On Track', { exact: true }).waitFor();
    expect(await target.getByRole('progressbar').getAttribute('aria-valuetext')).toBe('83.3% of the target');

    expect(await page.getByRole('list', { name: 'Most frequent enterprise topics' }).getByRole('listitem').count()).toBe(12);
    const highlights = page.getByRole('list', { name: 'Latest highlights' }).getByRole('heading', { level: 4 });
    expect(await highlights.allTextContents()).toEqual([
      'Agile Coaching Circle',
      'Data Analytics with Excel',
      'Leadership and Strategy Summit',
    ]);
    const courses = page.getByRole('list', { name: 'Top Courses by Rating' }).getByRole('listitem');
    expect(await courses.count()).toBe(6);
    await courses.first().getByText('Presentation Skills').waitFor();
    await page
      .getByRole('region', { name: 'Be Innovative' })
      .getByText('3 innovative entries · 8.5 hours · 30% of all entries')
      .waitFor();

    // Read-only: the only field is the day to show the overview as of.
    expect(await smtDashboard(page).getByRole('textbox').count()).toBe(1);
    await smtDashboard(page).getByRole('textbox', { name: 'As of' }).waitFor();
    expect(await smtDashboard(page).getByRole('button').allTextContents()).toEqual([
      'Show',
      `Export ${year}`,
      'Print view',
      'Show as table',
    ]);

    const download = await downloadOpenedBy(page, () =>
      smtDashboard(page)
        .getByRole('button', { name: `Export ${year}` })
        .click(),
    );
    expect(download.suggestedFilename()).toMatch(new RegExp(`-${year}\\.csv$`));
    const csv = await readFile(await download.path(), 'utf8');
    expect(csv.split('\n')[0]).toContain('trainingName');
    for (const name of ['Presentation Skills', 'Leadership and Strategy Summit', 'Digital Marketing Trends'])
      expect(csv).toContain(name);
    expect(csv.trim().split('\n')).toHaveLength(11);
    await page.context().close();
  });

  it('prints the overview on one A4 page for a board pack', async () => {
    const page = await newPage(browser);
    await openSmtView(page, smt);
    await card(page, 'Total Training Hours').getByText('25', { exact: true }).waitFor();
    await page.getByRole('region', { name: 'Hours by Department' }).getByRole('button', { name: 'Show as table' }).waitFor();
    const pdf = (await page.pdf({ preferCSSPageSize: true })).toString('latin1');
    expect(pdf.match(/\/Type\s*\/Page(?!s)/g)).toHaveLength(1);
    // A4 in points: 595 x 842.
    expect(pdf).toMatch(/\/MediaBox \[0 0 59[45]\.\d+ 841\.\d+\]/);
    await page.context().close();
  });

  it('shows an admin the same SMT View', async () => {
    const page = await newPage(browser);
    await openSmtView(page, admin);
    await card(page, 'Active Employees').getByText('2', { exact: true }).waitFor();
    await page
      .getByRole('region', { name: `Organisational Target ${year}` })
      .getByText('On Track', { exact: true })
      .waitFor();
    await page.context().close();
  });

  it('gives an HR user no SMT View tab, and the API refuses them the overview', async () => {
    const page = await newPage(browser);
    await signIn(page, hr);
    expect(await mainTabs(page).allTextContents()).toEqual(['My Dashboard', 'Add Entry', 'HR View']);
    await page.context().close();
    const response = await fetch(`${baseUrl()}/api/smt/overview?year=${year}`, {
      headers: { authorization: `Bearer ${await signInToken(hr.email, hr.password)}` },
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ error: 'SMT or admin access required' });
  });
});
