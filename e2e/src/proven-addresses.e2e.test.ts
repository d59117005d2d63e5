import { EMAIL_CONFIRMATION_MESSAGES, SSO_COMPLETE_PATH, SSO_MESSAGES, type AuditLogPage } from '@tht/contracts';
import { describe, expect, it } from 'vitest';
import { E2E_DEPARTMENT } from '@tht/test-kit';
import { myDashboardHeading, toastTitled } from './support/browser';
import { freshPages } from './support/fresh-page';
import { mailedConfirmationLink } from './support/mailbox';
import { E2E_SSO_BUTTON_LABEL, signInAtProvider } from './support/sso';
import { accounts, testProduct } from './support/test-product';

/**
 * Issue 28, rows 1 and 2: an address registered with a password before its owner signed in through
 * the organisation's provider (the run's real oidc-provider) is the owner's; a registered address
 * is proven by the link mailed to it; the single sign-on completion renews no token.
 */
const { adminToken, api, registerAccount, signInToken } = accounts;

const freshPage = freshPages();

/** The status of a call to the product outside the browser. */
async function statusOf(method: 'GET' | 'POST', path: string, init: { token?: string; body?: unknown } = {}): Promise<number> {
  const response = await fetch(`${testProduct.baseUrl}${path}`, {
    method,
    headers: {
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  await response.body?.cancel();
  return response.status;
}

describe('an address someone registered with a password before its owner (squatting)', () => {
  it("is the owner's at their first sign-in through the provider: the squatter is out, the owner places it again", async () => {
    const squatter = await registerAccount();
    const squatterToken = await signInToken(squatter.email, squatter.password);
    const page = await freshPage();

    await page.goto('/auth');
    await page.getByRole('link', { name: E2E_SSO_BUTTON_LABEL }).click();
    await signInAtProvider(page, squatter.email);
    await page.getByRole('heading', { name: 'Welcome to the Training Hours Tracker' }).waitFor();
    await page.getByText(SSO_MESSAGES.accountClaimed).waitFor();

    const login = { username: squatter.email, password: squatter.password };
    expect(await statusOf('POST', '/api/login', { body: login })).toBe(401);
    expect(await statusOf('GET', '/api/user', { token: squatterToken })).toBe(401);

    await page.getByLabel('Last Name').fill('Hire'); // the provider knows no family name for this login
    await page.getByLabel('Department').selectOption(E2E_DEPARTMENT);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await myDashboardHeading(page).waitFor();
    await toastTitled(page, 'Login successful').waitFor();

    const log = await api<AuditLogPage>('GET', `/api/audit/log?kind=security&actorId=${squatter.id}`, await adminToken());
    const claims = log.items.filter(({ event }) => event === 'AccountClaimed').map(({ summary }) => summary);
    expect(claims).toEqual([expect.stringMatching(/^claimed by the address's owner at http:\/\/localhost:\d+$/)]);
  });

  it("gives a password session's token no new token at the single sign-on completion", async () => {
    const person = await registerAccount();
    const token = await signInToken(person.email, person.password);
    expect(await statusOf('POST', SSO_COMPLETE_PATH, { token })).toBe(401);
  });
});

describe('the confirmation link mailed at registration', () => {
  it('confirms the address once, in any browser', async () => {
    const registered = await registerAccount();
    const link = await mailedConfirmationLink(registered.email);
    const page = await freshPage();
    await page.goto(`${link.pathname}${link.search}`);
    await page.getByRole('heading', { name: 'E-mail Address Confirmed' }).waitFor();
    await page.getByText(EMAIL_CONFIRMATION_MESSAGES.confirmed).waitFor();

    await page.reload();
    await page.getByRole('heading', { name: 'E-mail Address Not Confirmed' }).waitFor();
    await page.getByText(EMAIL_CONFIRMATION_MESSAGES.expiredLink).waitFor();
  });
});
