import { randomUUID } from 'node:crypto';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADL_VERBS, XAPI_TRAINING_MESSAGES, type EntryView, type XapiClientCreated, type XapiUnmatchedList } from '@tht/contracts';
import type { Account } from '@tht/test-kit';
import { baseUrl, launchBrowser, newPage, signIn, toast } from './support/browser';
import { accounts } from './support/test-product';

const { api, adminToken, createAccount, signInToken } = accounts;

/** How long the asynchronous mapping of a stored statement to an entry may take (it takes well under a second). */
const MAPPED_WITHIN_MS = 20_000;

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

/** The admin, signed in, on the Admin Panel's Connected systems tab. */
async function connectedSystemsTab(): Promise<Page> {
  const page = await newPage(browser);
  await signIn(page, admin);
  await page.getByRole('tab', { name: 'Admin', exact: true }).click();
  await page.getByRole('heading', { name: 'Admin Panel', level: 1 }).waitFor();
  await page.getByRole('tab', { name: 'Connected systems', exact: true }).click();
  return page;
}

/** The text of a term's description in a definition list (`<dt>Key</dt><dd>...</dd>`). */
async function definitionOf(list: Locator, term: string): Promise<string> {
  const text = await list.locator(`dt:text-is("${term}") + dd`).textContent();
  if (!text) throw new Error(`No ${term} shown`);
  return text.trim();
}

interface Credentials {
  endpoint: string;
  key: string;
  secret: string;
}

/** "Ann completed <course> in 1 h 30 min", as a course sends it. */
function completedStatement(mbox: string, course: string) {
  return {
    id: randomUUID(),
    actor: { objectType: 'Agent', mbox: `mailto:${mbox}` },
    verb: { id: ADL_VERBS.completed, display: { 'en-US': 'completed' } },
    object: {
      objectType: 'Activity',
      id: `https://courses.example.com/${encodeURIComponent(course)}`,
      definition: { name: { 'en-US': course } },
    },
    result: { completion: true, duration: 'PT1H30M' },
    timestamp: new Date().toISOString(),
  };
}

/** POSTs a statement to the LRS as a course does: HTTP Basic with the system's key and secret, xAPI 1.0.3. */
async function sendStatement({ endpoint, key, secret }: Credentials, statement: { id: string }): Promise<void> {
  const response = await fetch(`${endpoint}statements`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${key}:${secret}`).toString('base64')}`,
      'content-type': 'application/json',
      'x-experience-api-version': '1.0.3',
    },
    body: JSON.stringify(statement),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  expect(await response.json()).toEqual([statement.id]);
}

describe('training reported by a connected system (xAPI)', () => {
  it('an admin connects a system; a statement sent with its key becomes the employee\'s entry "from" it', async () => {
    const employee = await createAccount('employee');
    const tag = randomUUID().slice(0, 6);
    const system = `Fire safety e-learning ${tag}`;
    const course = `Fire Safety ${tag}`;

    const adminPage = await connectedSystemsTab();
    await adminPage.getByLabel('System name').fill(system);
    await adminPage.getByRole('button', { name: 'Connect System' }).click();
    const shown = adminPage.getByRole('dialog', { name: `Credentials of ${system}` });
    const credentials: Credentials = {
      endpoint: await definitionOf(shown, 'Endpoint'),
      key: await definitionOf(shown, 'Key'),
      secret: await definitionOf(shown, 'Secret'),
    };
    expect(credentials.endpoint).toBe(`${baseUrl()}/xapi/`);
    await shown.getByRole('button', { name: 'Done' }).click();
    // The secret was shown once: the list has the key only.
    const row = adminPage.getByRole('row', { name: new RegExp(system) });
    await expect.poll(() => row.textContent()).toContain(credentials.key);
    expect(await row.textContent()).not.toContain(credentials.secret);
    await adminPage.context().close();

    const statement = completedStatement(employee.email, course);
    await sendStatement(credentials, statement);

    // The mapping follows the store asynchronously: wait until the employee's entries hold it.
    const employeeToken = await signInToken(employee.email, employee.password);
    const reported = async () =>
      (await api<EntryView[]>('GET', `/api/entries?userId=${employee.id}`, employeeToken)).find(
        (entry) => entry.trainingName === course,
      );
    await expect.poll(reported, { timeout: MAPPED_WITHIN_MS }).toBeDefined();

    const page = await newPage(browser);
    await signIn(page, employee);
    const entryRow = page.getByRole('row').filter({ hasText: course });
    await entryRow.getByText(`from ${system}`, { exact: true }).waitFor();
    expect(await entryRow.getByRole('cell').nth(3).textContent()).toBe('1.5');

    await entryRow.getByRole('link', { name: 'Statement' }).click();
    const statementDialog = page.getByRole('dialog', { name: `Statement from ${system}` });
    const json = statementDialog.getByLabel('Statement JSON');
    await expect.poll(() => json.textContent()).toContain('"duration": "PT1H30M"');
    expect(JSON.parse((await json.textContent()) ?? '')).toMatchObject({ id: statement.id, verb: { id: ADL_VERBS.completed } });
    await page.keyboard.press('Escape');
    await statementDialog.waitFor({ state: 'detached' });

    await entryRow.getByRole('button', { name: `View ${course}` }).click();
    const details = page.getByRole('dialog', { name: 'Training Entry Details' });
    await details.getByText(`from ${system}`, { exact: true }).waitFor();
    await details.getByRole('button', { name: 'Show History' }).click();
    const history = details.getByRole('list', { name: 'Entry history' });
    await expect.poll(() => history.getByRole('listitem').first().textContent()).toContain(`${system}: entry logged`);

    // The person corrects the hours as on any entry; the entry stays the system's, and its history shows both authors.
    await details.getByRole('button', { name: 'Edit Entry' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Training Entry' });
    await edit.getByRole('spinbutton', { name: 'Hours' }).fill('2');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await toast(page).getByRole('status').filter({ hasText: 'Entry updated' }).waitFor();
    await expect.poll(() => entryRow.getByRole('cell').nth(3).textContent()).toBe('2');
    await entryRow.getByText(`from ${system}`, { exact: true }).waitFor();
    await entryRow.getByRole('button', { name: `View ${course}` }).click();
    await details.getByRole('button', { name: 'Show History' }).click();
    await expect.poll(() => history.getByRole('listitem').count(), { timeout: 10_000 }).toBe(2);
    expect(await history.getByRole('listitem').first().textContent()).toContain(`${system}: entry logged`);
    expect(await history.getByRole('listitem').nth(1).textContent()).toContain(
      `${employee.firstName} ${employee.lastName} changed hours 1.5 -> 2`,
    );
    await page.context().close();
    // Two people's pages, an admin's and an employee's, and the asynchronous mapping: longer than one screen's test.
  }, 120_000);

  it("a statement for no person of the organisation is listed among the admin's unmatched statements", async () => {
    const tag = randomUUID().slice(0, 6);
    const system = `Learning platform ${tag}`;
    const created = await api<XapiClientCreated>('POST', '/api/admin/xapi-clients', await adminToken(), {
      name: system,
      trainingType: 'external',
    });
    const stranger = `nobody-${tag}@example.com`;
    const statement = completedStatement(stranger, `Manual Handling ${tag}`);
    await sendStatement({ endpoint: `${baseUrl()}/xapi/`, key: created.key, secret: created.secret }, statement);

    const listed = async () =>
      (await api<XapiUnmatchedList>('GET', '/api/admin/xapi-unmatched', await adminToken())).statements.some(
        (unmatched) => unmatched.statementId === statement.id,
      );
    await expect.poll(listed, { timeout: MAPPED_WITHIN_MS }).toBe(true);

    const page = await connectedSystemsTab();
    const unmatched = page.getByRole('table', { name: 'Unmatched statements' });
    const row = unmatched.getByRole('row').filter({ hasText: stranger });
    await row.waitFor();
    const text = await row.textContent();
    expect(text).toContain(`completed Manual Handling ${tag}`);
    expect(text).toContain(system);
    expect(text).toContain(XAPI_TRAINING_MESSAGES.unknownPerson);
    await page.context().close();
  });
});
