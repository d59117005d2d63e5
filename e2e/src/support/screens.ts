import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { AS_OF_LABELS } from '@tht/contracts';
import type { Browser, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { Account } from '@tht/test-kit';
import { newPage, signIn } from './browser';
import type { Organisation } from './organisation';
import { accounts } from './test-product';

/**
 * Every screen and dialog of the product as each role reaches it, walked with one signed-in page
 * per role: at each stop the walk calls the checks once a width, so the checks that look at every
 * screen (no sideways scrolling, axe-core) share one walk instead of each walking the product again.
 * The HR and SMT dashboards are also shown as of a past day on the way (progress bar, banner, the
 * day's figures and export, back to today): a step that cannot do what it is about fails the walk.
 */

export const WIDTHS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;
export type Width = (typeof WIDTHS)[number];

/** Where the walk is: what shows, at which width. */
export interface Stop {
  screen: string;
  width: Width;
}

export type StopCheck = (page: Page, stop: Stop) => Promise<void>;

/** One screen or dialog: how to bring it up from the previous one, and how to leave it (a dialog closes). */
interface Step {
  screen: string;
  open(page: Page): Promise<void>;
  close?(page: Page): Promise<void>;
}

/** The role's own tabs and their dialogs, with the account that walks them. */
interface Walk {
  account: Account | null;
  steps: Step[];
}

const nameOf = (account: Account) => `${account.firstName} ${account.lastName}`;

/** Lets layout (and the charts' resize observers) catch up with a change of width or content. */
async function settle(page: Page): Promise<void> {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

async function openTab(page: Page, tab: string, heading: string): Promise<void> {
  await page.getByRole('tab', { name: tab, exact: true }).click();
  await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
}

/** Waits for every chart on the page to be drawn (recharts' SVG surface). */
async function chartsDrawn(page: Page, count: number): Promise<void> {
  await page
    .locator('.recharts-surface')
    .nth(count - 1)
    .waitFor();
}

function dialog(page: Page, name: string | RegExp, role: 'dialog' | 'alertdialog' = 'dialog'): Locator {
  return page.getByRole(role, { name });
}

/** A dialog opened by clicking `opener`, closed with Escape. */
function dialogStep(screen: string, opener: (page: Page) => Locator, name: string | RegExp, role?: 'dialog' | 'alertdialog'): Step {
  return {
    screen,
    async open(page) {
      await opener(page).click();
      await dialog(page, name, role).waitFor();
    },
    async close(page) {
      await page.keyboard.press('Escape');
      await dialog(page, name, role).waitFor({ state: 'detached' });
    },
  };
}

/**
 * Shows the dashboard as of `day` with its 'As of' control and waits for its figures: while the
 * server replays the records (its first answer is 202), the progress bar must show.
 */
async function showAsOf(page: Page, day: string, read: string): Promise<void> {
  const firstAnswer = page.waitForResponse((response) => response.url().includes(read) && response.url().includes(`asOf=${day}`));
  await page.getByLabel(AS_OF_LABELS.control, { exact: true }).fill(day);
  await page.getByRole('button', { name: AS_OF_LABELS.show, exact: true }).click();
  const banner = page.getByRole('region', { name: AS_OF_LABELS.region });
  await banner.getByText(AS_OF_LABELS.showing(day)).waitFor();
  if ((await firstAnswer).status() === 202) await banner.getByRole('progressbar', { name: AS_OF_LABELS.replaying(day) }).waitFor();
  await banner.getByRole('progressbar').waitFor({ state: 'detached', timeout: 30_000 });
}

/** A tile's (or card's) figure: the list item around its heading. */
const figureOf = (page: Page, heading: string) =>
  page.getByRole('heading', { name: heading, exact: true }).locator('xpath=ancestor::li[1]');

/** Leaves a day shown for today's figures. */
async function backToToday(page: Page): Promise<void> {
  await page.getByRole('button', { name: AS_OF_LABELS.backToToday, exact: true }).click();
  await page.getByRole('region', { name: AS_OF_LABELS.region }).waitFor({ state: 'detached' });
}

function signedOutWalk(): Walk {
  return {
    account: null,
    steps: [
      {
        screen: 'Sign in',
        open: async (page) => {
          await page.goto('/auth');
          await page.getByRole('button', { name: 'Sign In', exact: true }).waitFor();
        },
      },
      {
        screen: 'Register',
        open: async (page) => {
          await page.getByRole('tab', { name: 'Register', exact: true }).click();
          await page.getByLabel('Confirm Password').waitFor();
        },
      },
      {
        screen: 'Password reset request',
        open: async (page) => {
          await page.getByRole('tab', { name: 'Login', exact: true }).click();
          await page.getByRole('link', { name: 'Forgot your password?' }).click();
          await page.getByLabel('Username').waitFor();
        },
      },
    ],
  };
}

function employeeWalk(employee: Account): Walk {
  const entries = (page: Page) => page.getByRole('table', { name: 'Training entries' });
  const firstEntryButton = (action: string) => (page: Page) =>
    entries(page)
      .getByRole('button', { name: new RegExp(`^${action} `) })
      .first();
  return {
    account: employee,
    steps: [
      {
        screen: 'My Dashboard',
        open: async (page) => {
          await entries(page)
            .getByRole('button', { name: /^View / })
            .first()
            .waitFor();
        },
      },
      dialogStep(
        'Add Development Entry dialog',
        (page) => page.getByRole('button', { name: 'Add Entry', exact: true }),
        'Add Development Entry',
      ),
      dialogStep('Training Entry Details dialog', firstEntryButton('View'), 'Training Entry Details'),
      dialogStep('Edit Training Entry dialog', firstEntryButton('Edit'), 'Edit Training Entry'),
      dialogStep('Delete Entry dialog', firstEntryButton('Delete'), 'Delete Entry', 'alertdialog'),
      {
        screen: 'Bulk Add grid',
        open: async (page) => {
          await page.getByRole('button', { name: 'Bulk Add', exact: true }).click();
          await page.getByRole('table', { name: 'Bulk add entries' }).waitFor();
        },
      },
      {
        screen: 'Preview Entries dialog',
        open: async (page) => {
          // One row ready, one with an error: the preview shows both.
          for (const [row, hours] of [
            [1, '2'],
            [2, 'two'],
          ] as const) {
            await page.getByLabel(`Training Name, row ${row}`, { exact: true }).fill('Negotiation Basics');
            await page.getByLabel(`Date, row ${row}`, { exact: true }).fill(`${new Date().getFullYear()}-01-05`);
            await page.getByLabel(`Hours, row ${row}`, { exact: true }).fill(hours);
          }
          await page.getByRole('button', { name: 'Preview', exact: true }).click();
          await dialog(page, 'Preview Entries').waitFor();
        },
        close: async (page) => {
          await page.keyboard.press('Escape');
          await dialog(page, 'Preview Entries').waitFor({ state: 'detached' });
          await page.getByRole('button', { name: 'Bulk Add', exact: true }).click();
        },
      },
      {
        screen: 'Account menu',
        open: async (page) => {
          await page.getByRole('button', { name: nameOf(employee), exact: true }).click();
          await page.getByRole('menuitem', { name: 'Edit Profile' }).waitFor();
        },
      },
      {
        screen: 'Update Profile dialog',
        open: async (page) => {
          await page.getByRole('menuitem', { name: 'Edit Profile' }).click();
          await dialog(page, 'Update Profile').waitFor();
        },
        close: async (page) => {
          await page.keyboard.press('Escape');
          await dialog(page, 'Update Profile').waitFor({ state: 'detached' });
        },
      },
      { screen: 'Add Entry tab', open: (page) => openTab(page, 'Add Entry', 'Add Development Entry') },
    ],
  };
}

function managerWalk(manager: Account, report: Account): Walk {
  return {
    account: manager,
    steps: [
      {
        screen: 'Manager View',
        open: async (page) => {
          await openTab(page, 'Manager View', 'Manager Dashboard');
          await chartsDrawn(page, 1);
        },
      },
      {
        screen: "Manager View, a report's entries",
        open: async (page) => {
          await page.getByRole('button', { name: nameOf(report), exact: true }).click();
          await page.getByRole('list', { name: `Training entries of ${nameOf(report)}` }).waitFor();
        },
      },
    ],
  };
}

function hrWalk(hr: Account, employee: Account, day: string): Walk {
  return {
    account: hr,
    steps: [
      {
        screen: 'HR View',
        open: async (page) => {
          await openTab(page, 'HR View', 'HR Dashboard');
          await chartsDrawn(page, 2);
          // The table pages 50 people by last name: the run's other tests add many.
          await page.getByLabel('Search employees').fill(employee.lastName);
          await page.getByRole('button', { name: `Edit target for ${nameOf(employee)}` }).waitFor();
        },
      },
      dialogStep('Edit Target dialog', (page) => page.getByRole('button', { name: 'Edit Target', exact: true }), 'Edit Target'),
      dialogStep(
        'Manage Fiscal Years dialog',
        (page) => page.getByRole('button', { name: 'Manage Fiscal Years', exact: true }),
        'Manage Fiscal Years',
      ),
      dialogStep(
        'Set employee targets dialog',
        (page) => page.getByRole('button', { name: 'Set employee targets', exact: true }),
        'Set employee targets',
      ),
      dialogStep(
        "An employee's target dialog",
        (page) => page.getByRole('button', { name: `Edit target for ${nameOf(employee)}` }),
        new RegExp(`^Target for ${nameOf(employee)} in `),
      ),
      {
        screen: 'HR View as of a past day',
        open: async (page) => {
          const year = new Date().getFullYear();
          await showAsOf(page, day, '/api/hr/stats');
          // The figures are the server's of that day, not today's (the seeded people came after it).
          const { api, signInToken } = accounts;
          const token = await signInToken(hr.email, hr.password);
          const then = await api<{ totalUsers: number }>('GET', `/api/hr/stats?year=${year}&asOf=${day}`, token);
          const now = await api<{ totalUsers: number }>('GET', `/api/hr/stats?year=${year}`, token);
          expect(then.totalUsers).toBeLessThan(now.totalUsers);
          await figureOf(page, 'Total Employees').getByText(String(then.totalUsers), { exact: true }).waitFor();
          await page.getByRole('button', { name: AS_OF_LABELS.exportAsOf('Export All Data', day), exact: true }).waitFor();
          expect(await page.getByRole('button', { name: 'Edit Target', exact: true }).count()).toBe(0);
        },
        close: backToToday,
      },
    ],
  };
}

function smtWalk(smt: Account, day: string, seededCourse: string): Walk {
  return {
    account: smt,
    steps: [
      {
        screen: 'SMT View',
        open: async (page) => {
          await openTab(page, 'SMT View', 'SMT Dashboard');
          await chartsDrawn(page, 1);
        },
      },
      {
        screen: 'SMT View as of a past day',
        open: async (page) => {
          const year = new Date().getFullYear();
          await showAsOf(page, day, '/api/smt/overview');
          // The export offers the same day: the entries recorded by then, none of the seeded ones.
          const download = page.waitForEvent('download');
          await page.getByRole('button', { name: AS_OF_LABELS.exportAsOf(`Export ${year}`, day), exact: true }).click();
          const file = await download;
          expect(file.suggestedFilename()).toMatch(new RegExp(`-${year}-as-of-${day}\\.csv$`));
          expect(await readFile(await file.path(), 'utf8')).not.toContain(seededCourse);
        },
        close: backToToday,
      },
    ],
  };
}

function adminWalk(admin: Account, employee: Account, manager: Account, customFieldLabel: string): Walk {
  const adminTab = (tab: string, ready: (page: Page) => Locator): Step => ({
    screen: `Admin, ${tab}`,
    open: async (page) => {
      await page.getByRole('tablist', { name: 'Admin sections' }).getByRole('tab', { name: tab, exact: true }).click();
      await ready(page).waitFor();
    },
  });
  const usersRow = (page: Page, person: Account) =>
    page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: nameOf(person) }) });
  return {
    account: admin,
    steps: [
      {
        screen: 'Admin, User Management',
        open: async (page) => {
          await openTab(page, 'Admin', 'Admin Panel');
          await page.getByLabel('Search users').fill(manager.lastName.split(' ')[1]!);
          await usersRow(page, manager).waitFor();
          await page.getByRole('button', { name: `Show direct reports of ${nameOf(manager)}` }).click();
          await page.getByRole('list', { name: `Direct reports of ${nameOf(manager)}` }).waitFor();
        },
      },
      dialogStep('Add User dialog', (page) => page.getByRole('button', { name: 'Add User', exact: true }), 'Add User'),
      dialogStep('Edit User dialog', (page) => usersRow(page, manager).getByRole('button', { name: /^Edit / }), 'Edit User'),
      dialogStep(
        'Set Temporary Password dialog',
        (page) => usersRow(page, manager).getByRole('button', { name: /password/i }),
        'Set Temporary Password',
      ),
      dialogStep('Reset Link dialog', (page) => usersRow(page, manager).getByRole('button', { name: /reset link/i }), 'Reset Link'),
      dialogStep(
        'Delete User dialog',
        (page) => usersRow(page, manager).getByRole('button', { name: /^Delete / }),
        'Delete User',
        'alertdialog',
      ),
      adminTab('Form Fields', (page) => page.getByRole('button', { name: `Manage options of ${customFieldLabel}` })),
      dialogStep('Add Field dialog', (page) => page.getByRole('button', { name: 'Add Field', exact: true }), 'Add Field'),
      dialogStep(
        'Options dialog',
        (page) => page.getByRole('button', { name: `Manage options of ${customFieldLabel}` }),
        `Options of ${customFieldLabel}`,
      ),
      adminTab('Departments', (page) => page.getByRole('table', { name: 'Departments' })),
      dialogStep('Edit Department dialog', (page) => page.getByRole('button', { name: /^Edit / }).first(), 'Edit Department'),
      adminTab('Fiscal Years', (page) => page.getByRole('table', { name: 'Fiscal years' })),
      adminTab('Import Data', (page) => page.getByText(/^Drop a CSV or Excel/)),
      {
        screen: 'Admin, Import Data, the check of a file',
        open: async (page) => {
          const year = new Date().getFullYear();
          await page.getByLabel('Choose a file to import').setInputFiles({
            name: 'entries.csv',
            mimeType: 'text/csv',
            buffer: Buffer.from(`Negotiation Basics,${year}-01-05,2,,,external,,4,no,\nBroken row,not a date,x,,,,,,,\n`),
          });
          await page.getByRole('region', { name: 'Check of the file' }).waitFor();
        },
        close: async (page) => {
          await page.getByRole('button', { name: 'Cancel', exact: true }).click();
        },
      },
      {
        screen: 'Admin, Bulk Import',
        open: async (page) => {
          await page
            .getByRole('tablist', { name: 'Admin sections' })
            .getByRole('tab', { name: 'Bulk Import', exact: true })
            .click();
          const picker = page.getByLabel('Employee', { exact: true });
          await picker.selectOption({ label: `${nameOf(employee)} (${employee.email})` });
          await page.getByRole('table', { name: 'Bulk add entries' }).waitFor();
        },
      },
      adminTab('Connected systems', (page) => page.getByRole('button', { name: 'Refresh', exact: true })),
      {
        // A system connected for the walk: its key and secret are shown once.
        screen: 'Credentials dialog',
        open: async (page) => {
          await page.getByLabel('System name').fill(`Screens walk ${randomUUID().slice(0, 6)}`);
          await page.getByRole('button', { name: 'Connect System', exact: true }).click();
          await dialog(page, /^Credentials of /).waitFor();
        },
        close: async (page) => {
          await dialog(page, /^Credentials of /)
            .getByRole('button', { name: 'Done', exact: true })
            .click();
          await dialog(page, /^Credentials of /).waitFor({ state: 'detached' });
        },
      },
      dialogStep(
        'Training rules dialog',
        (page) => page.getByRole('button', { name: /^Training rules of / }).first(),
        /^Training rules of /,
      ),
      adminTab('Audit Log', (page) => page.getByRole('table', { name: 'Audit log' })),
      dialogStep('Record history dialog', (page) => page.getByRole('button', { name: /^History of / }).first(), /^History of /),
    ],
  };
}

/** The walks of every role over `organisation`. */
function walksOver(organisation: Organisation): Walk[] {
  const { manager, reports, hr, smt, admin, customFieldLabel, dayBefore, seededCourse } = organisation;
  const [employee] = reports;
  return [
    signedOutWalk(),
    employeeWalk(employee!),
    managerWalk(manager, employee!),
    hrWalk(hr, employee!, dayBefore),
    smtWalk(smt, dayBefore, seededCourse),
    adminWalk(admin, employee!, manager, customFieldLabel),
  ];
}

/**
 * Walks every screen and dialog over the seeded organisation, as each role sees it, and calls
 * `check` at each stop at every width (desktop first, then phone; the page is resized in place).
 */
export async function walkScreens(browser: Browser, organisation: Organisation, check: StopCheck): Promise<void> {
  for (const { account, steps } of walksOver(organisation)) {
    const page = await newPage(browser);
    await page.setViewportSize(WIDTHS[0]);
    if (account) await signIn(page, account);
    for (const step of steps) {
      await step.open(page);
      for (const width of WIDTHS) {
        await page.setViewportSize(width);
        await settle(page);
        await check(page, { screen: step.screen, width });
      }
      await page.setViewportSize(WIDTHS[0]);
      await step.close?.(page);
    }
    await page.context().close();
  }
}
