import { PASSWORD_RESET_MESSAGES } from '@tht/contracts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_PASSWORD, E2E_DEPARTMENT, uniqueEmail } from '@tht/test-kit';
import { loginForm, myDashboardHeading, signInWithForm, signOut, submitLogin, toast, toastTitled } from './support/browser';
import { freshPages } from './support/fresh-page';
import { mailedResetLink } from './support/mailbox';
import { E2E_SSO_BUTTON_LABEL, signInAtProvider } from './support/sso';
import { accounts, testProduct } from './support/test-product';

const { adminToken, api, createAccount, ensureDepartment, organisationHead, setTemporaryPassword, signInToken } = accounts;

const freshPage = freshPages();

const pathname = (page: Page) => new URL(page.url()).pathname;

async function storedAuthToken(page: Page): Promise<string | null> {
  return page.evaluate(() => localStorage.getItem('authToken'));
}

describe('Auth page', () => {
  it('registers a new account and lands on My Dashboard', async () => {
    const page = await freshPage();
    const head = await organisationHead();
    await ensureDepartment();
    const email = uniqueEmail('registered');

    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Register' }).click();
    await page.getByLabel('Email Address').fill(email);
    await page.getByLabel('First Name').fill('Rita');
    await page.getByLabel('Last Name').fill('Registrant');
    await page.getByRole('combobox', { name: 'Manager' }).fill(head.lastName);
    await page.getByRole('option', { name: new RegExp(`${head.firstName} ${head.lastName}`) }).click();
    await page.getByLabel('Department').selectOption(E2E_DEPARTMENT);
    await page.getByLabel('Password', { exact: true }).fill(ACCOUNT_PASSWORD);
    await page.getByLabel('Confirm Password', { exact: true }).fill(ACCOUNT_PASSWORD);
    await page.getByRole('button', { name: 'Create Account' }).click();

    await myDashboardHeading(page).waitFor();
    expect(pathname(page)).toBe('/');
    await toastTitled(page, 'Registration successful').waitFor();
    await page.getByRole('button', { name: 'Rita Registrant' }).waitFor();

    const users = await api<Array<{ email: string; managerId: number | null; department: string; role: string }>>(
      'GET',
      '/api/users',
      await adminToken(),
    );
    expect(users.find((user) => user.email === email)).toMatchObject({
      managerId: head.id,
      department: E2E_DEPARTMENT,
      role: 'employee',
    });
  });

  it('refuses to register an e-mail address that already has an account', async () => {
    const page = await freshPage();
    const existing = await createAccount('employee');

    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Register' }).click();
    await page.getByLabel('Email Address').fill(existing.email);
    await page.getByLabel('First Name').click();

    await page.getByText('This account already exists').waitFor();

    await page.getByRole('button', { name: 'Create Account' }).click();
    await toastTitled(page, 'Registration failed').waitFor();
    await toast(page).getByText('This account already exists').waitFor();
    expect(pathname(page)).toBe('/auth');
  });

  it('signs in, keeps the session across a reload, and signs out to /auth', async () => {
    const page = await freshPage();
    const account = await createAccount('employee');

    await signInWithForm(page, account);
    await toastTitled(page, 'Login successful').waitFor();
    expect(await storedAuthToken(page)).toBeTruthy();

    await page.reload();
    await myDashboardHeading(page).waitFor();

    // Signed in, /auth sends the user to /, except the reset tab that Reset Password opens.
    await page.goto('/auth');
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('button', { name: `${account.firstName} ${account.lastName}` }).click();
    await page.getByRole('menuitem', { name: 'Reset Password' }).click();
    await page.getByRole('heading', { name: 'Reset Password' }).waitFor();
    expect(new URL(page.url()).search).toBe('?tab=reset');
    await page.goBack();
    await myDashboardHeading(page).waitFor();

    await signOut(page, account);
    await page.waitForURL((url) => url.pathname === '/auth');
    await toastTitled(page, 'Logged out').waitFor();
    expect(await storedAuthToken(page)).toBeNull();

    await page.goto('/');
    await page.waitForURL((url) => url.pathname === '/auth');
    await loginForm(page).username.waitFor();

    // Nothing of the first session survives: the next person on this browser sees only their own account.
    const next = await createAccount('employee');
    await signInWithForm(page, next);
    await page.getByRole('button', { name: `${next.firstName} ${next.lastName}` }).waitFor();
    expect(await page.getByRole('button', { name: `${account.firstName} ${account.lastName}` }).count()).toBe(0);
  });

  it('signs in through fields found by their plain labels, with the password shown and hidden on request', async () => {
    const page = await freshPage();
    const account = await createAccount('employee');
    await page.goto('/auth');
    await page.getByLabel('Username').fill(account.email);
    const password = page.getByLabel('Password');
    await password.fill(account.password);
    expect(await password.getAttribute('type')).toBe('password');
    await page.getByRole('button', { name: 'Show' }).click();
    expect(await password.getAttribute('type')).toBe('text');
    await page.getByRole('button', { name: 'Hide' }).click();
    expect(await password.getAttribute('type')).toBe('password');
    await loginForm(page).submit.click();
    await myDashboardHeading(page).waitFor();
  });

  it('blocks sign-in for an address that has no account', async () => {
    const page = await freshPage();
    await page.goto('/auth');
    const form = loginForm(page);
    await form.username.fill(uniqueEmail('nobody'));
    await form.password.click();
    // The account check on blur marks the field before anything is submitted.
    await page.getByText('This account does not exist, please register your email account to begin using the tool').waitFor();
    await form.password.fill('Whatever-password-1');
    await form.submit.click();

    await toastTitled(page, 'Login failed').waitFor();
    await toast(page)
      .getByText('This account does not exist, please register your email account to begin using the tool')
      .waitFor();
    expect(pathname(page)).toBe('/auth');
    expect(await storedAuthToken(page)).toBeNull();
  });

  it('answers the third wrong password with the multiple-attempts message and a way to reset', async () => {
    const page = await freshPage();
    const account = await createAccount('employee');
    await page.goto('/auth');
    const form = loginForm(page);
    await form.username.fill(account.email);

    for (let attempt = 1; attempt <= 3; attempt += 1) {
      await form.password.fill(`Wrong-password-${attempt}`);
      await form.submit.click();
      const failure = toast(page).getByRole('alert');
      if (attempt < 3) {
        await failure.getByText('The password you entered is incorrect').waitFor();
        await failure.getByText('Login failed', { exact: true }).waitFor();
        await page.getByRole('button', { name: 'Dismiss notification' }).click();
      } else {
        await failure
          .getByText("Multiple failed attempts: You've tried 3 times. Click 'Forgot your password?' to reset it.")
          .waitFor();
      }
    }
    expect(pathname(page)).toBe('/auth');

    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.getByRole('heading', { name: 'Reset Password' }).waitFor();
    expect(new URL(page.url()).searchParams.get('tab')).toBe('reset');
  });

  it("forces 'Set Your Password' after an admin sets a temporary password", async () => {
    const page = await freshPage();
    const account = await createAccount('employee');
    const temporaryPassword = 'Temporary-1';
    await setTemporaryPassword(account, temporaryPassword);

    await submitLogin(page, { email: account.email, password: temporaryPassword });
    const setPasswordHeading = page.getByRole('heading', { name: 'Set Your Password' });
    await setPasswordHeading.waitFor();

    await page.goto('/');
    await page.waitForURL((url) => url.pathname === '/auth');
    await setPasswordHeading.waitFor();

    const newPassword = 'Chosen-password-2';
    await page.getByLabel('New Password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm Password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Set Password' }).click();

    await myDashboardHeading(page).waitFor();
    expect(pathname(page)).toBe('/');
    await toastTitled(page, 'Password updated successfully').waitFor();
    await expect(signInToken(account.email, newPassword)).resolves.toBeTruthy();
  });

  it('resets a forgotten password through the mailed link and signs in with the new one', async () => {
    const page = await freshPage();
    const account = await createAccount('employee');

    await page.goto('/auth?tab=reset');
    await page.getByLabel('Username').fill(account.email);
    await page.getByRole('button', { name: 'Get Reset Link' }).click();
    await page.getByRole('heading', { name: 'Check Your E-mail' }).waitFor();
    await page.getByText(PASSWORD_RESET_MESSAGES.linkOnItsWay).waitFor();
    // The link is only in the mail.
    expect(await page.getByRole('link', { name: /token=/ }).count()).toBe(0);

    const mailedLink = await mailedResetLink(account.email);
    expect(mailedLink.origin).toBe(new URL(testProduct.baseUrl).origin);
    await page.goto(mailedLink.href);
    await page.getByRole('heading', { name: 'Choose a New Password' }).waitFor();
    expect(await page.getByLabel('Reset Token').inputValue()).toBe(mailedLink.searchParams.get('token'));

    const newPassword = 'Recovered-password-3';
    await page.getByLabel('New Password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm Password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Reset Password' }).click();

    await toastTitled(page, 'Password reset successful').waitFor();
    await loginForm(page).username.waitFor();
    expect(pathname(page)).toBe('/auth');

    await signInWithForm(page, { email: account.email, password: newPassword });
    await expect(signInToken(account.email, account.password)).rejects.toThrow(/401/);
  });

  it('refuses a manually entered reset key that is not 64 hex characters with Invalid Token', async () => {
    const page = await freshPage();
    const account = await createAccount('employee');
    await page.goto('/auth?tab=reset');
    await page.getByLabel('Username').fill(account.email);
    await page.getByRole('button', { name: 'Get Reset Link' }).click();

    await page.getByLabel('Reset Key', { exact: true }).fill('0123456789abcdef');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('Invalid Token: Reset token must be exactly 64 characters (hex format).').waitFor();
    await toast(page).getByRole('alert').getByText('Invalid Token', { exact: true }).waitFor();
    expect(new URL(page.url()).searchParams.get('token')).toBeNull();
  });

  it("signs in with the organisation's account: first sign-in sets the account up, the next goes straight to My Dashboard", async () => {
    const page = await freshPage();
    await ensureDepartment();
    const email = uniqueEmail('sam.single');

    await page.goto('/auth');
    await page.getByRole('link', { name: E2E_SSO_BUTTON_LABEL }).click();
    await signInAtProvider(page, email);

    await page.getByRole('heading', { name: 'Welcome to the Training Hours Tracker' }).waitFor();
    expect(await page.getByLabel('First Name').inputValue()).toBe('Sam');
    await page.getByLabel('Department').selectOption(E2E_DEPARTMENT);
    await page.getByRole('button', { name: 'Create Account' }).click();

    await myDashboardHeading(page).waitFor();
    await toastTitled(page, 'Login successful').waitFor();
    expect(page.url()).toBe(new URL('/', page.url()).href); // no token, code or state left in the address
    expect(await storedAuthToken(page)).toBeTruthy();
    const name = `Sam ${email.slice('sam.'.length, email.indexOf('@')).replace(/^s/, 'S')}`;
    await page.getByRole('button', { name }).click();
    await page.getByRole('menuitem', { name: 'Edit Profile' }).waitFor();
    expect(await page.getByRole('menuitem', { name: 'Reset Password' }).count()).toBe(0); // no password to reset
    await page.getByRole('menuitem', { name: 'Sign out', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/auth');

    // Still signed in at the provider: the button leads straight back in, as a password sign-in would.
    await page.getByRole('link', { name: E2E_SSO_BUTTON_LABEL }).click();
    await myDashboardHeading(page).waitFor();
    await toastTitled(page, 'Login successful').waitFor();
    expect(pathname(page)).toBe('/');
  });
});
