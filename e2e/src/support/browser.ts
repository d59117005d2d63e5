import { READ_AFTER_HEADER } from '@tht/contracts';
import type { Browser, Locator, Page } from 'playwright-core';
import { testProduct } from './test-product';

export { launchBrowser } from '@tht/test-kit';

export function baseUrl(): string {
  return testProduct.baseUrl;
}

/** How long a step may wait for the page (the product answers in well under a second). */
const STEP_TIMEOUT_MS = 10_000;

/** A fresh browser context (own local storage and cookies) with one page. */
export async function newPage(browser: Browser, url = baseUrl()): Promise<Page> {
  const context = await browser.newContext({ baseURL: url });
  context.setDefaultTimeout(STEP_TIMEOUT_MS);
  return context.newPage();
}

export interface Credentials {
  email: string;
  password: string;
}

/** The Login tab's form, found as a person finds it. */
export function loginForm(page: Page) {
  return {
    username: page.getByLabel('Username'),
    password: page.getByLabel('Password', { exact: true }),
    submit: page.getByRole('button', { name: 'Sign In', exact: true }),
  };
}

/** Opens /auth and submits the Login form (the caller waits for what should follow). */
export async function submitLogin(page: Page, { email, password }: Credentials): Promise<void> {
  await page.goto('/auth');
  const form = loginForm(page);
  await form.username.fill(email);
  await form.password.fill(password);
  await form.submit.click();
}

/** Signs in through the Login form and waits for My Dashboard: for the tests of signing in. */
export async function signInWithForm(page: Page, credentials: Credentials): Promise<void> {
  await submitLogin(page, credentials);
  await page.waitForURL((url) => url.pathname === '/');
  await myDashboardHeading(page).waitFor();
}

/** Where the shell keeps a session (packages/ui/src/api/client.ts): its token, and the newest read-after token. */
const AUTH_TOKEN_KEY = 'authToken';
const READ_AFTER_KEY = 'readAfter';

/**
 * Signs in as the Login form would leave the page, without loading the form: the sign-in goes from
 * the page's context (which keeps the cookies it sets), and the token and read-after token go into
 * the tab's storage before the shell's first script. Then opens / and waits for My Dashboard.
 */
export async function signIn(page: Page, { email, password }: Credentials): Promise<void> {
  const response = await page.context().request.post('/api/login', { data: { username: email, password } });
  if (!response.ok()) throw new Error(`Signing in ${email} answered ${response.status()}: ${await response.text()}`);
  const { authToken } = (await response.json()) as { authToken: string };
  const session = { authToken, readAfter: response.headers()[READ_AFTER_HEADER] ?? null, keys: [AUTH_TOKEN_KEY, READ_AFTER_KEY] };
  const seeding = await page.addInitScript(({ authToken, readAfter, keys: [tokenKey, readAfterKey] }) => {
    localStorage.setItem(tokenKey!, authToken);
    if (readAfter) sessionStorage.setItem(readAfterKey!, readAfter);
  }, session);
  // The document's own scripts ran by then, and the init script before them; My Dashboard is waited for below.
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  // Once: a later reload or sign-out finds what the shell itself left.
  await seeding.dispose();
  await myDashboardHeading(page).waitFor();
}

export function mainTabs(page: Page): Locator {
  return page.getByRole('tablist', { name: 'Main sections' }).getByRole('tab');
}

export function myDashboardHeading(page: Page): Locator {
  return page.getByRole('heading', { name: 'My Dashboard', level: 1 });
}

/** The toast region (one toast at a time: successes are a `status`, failures an `alert`). */
export function toast(page: Page): Locator {
  return page.getByRole('region', { name: 'Notifications' });
}

/** The current toast when its title is `title` (a toast's title and description are separate texts). */
export function toastTitled(page: Page, title: string): Locator {
  return toast(page).getByText(title, { exact: true });
}

/** The account menu's trigger shows the signed-in user's first and last name. */
export async function signOut(page: Page, { firstName, lastName }: { firstName: string; lastName: string }) {
  await page.getByRole('button', { name: `${firstName} ${lastName}` }).click();
  await page.getByRole('menuitem', { name: 'Sign out', exact: true }).click();
}

/**
 * Picks up a drag handle with Space and waits until the drag listens to the arrow keys: dnd-kit's
 * keyboard sensor announces the pick-up before it adds its key listener in a zero-delay timer, so
 * an arrow pressed right after the announcement can be lost on a busy machine. A zero-delay timer
 * queued after the announcement runs after dnd-kit's.
 */
export async function pickUpWithKeyboard(page: Page, handle: Locator, announcement: string | RegExp): Promise<void> {
  await handle.focus();
  await page.keyboard.press('Space');
  await page.getByText(announcement).waitFor({ state: 'attached' });
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
}
