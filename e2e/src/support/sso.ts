import type { Page } from 'playwright-core';

/** The label of the organisation's sign-in button in the run's product (OIDC_BUTTON_LABEL, see global-setup.ts). */
export const E2E_SSO_BUTTON_LABEL = 'Sign in with Acme';

/**
 * Signs in on the run's OpenID Connect provider's own page (oidc-provider's development sign-in:
 * any password; the login names the person, see packages/test-kit/src/identity-provider.ts).
 */
export async function signInAtProvider(page: Page, login: string): Promise<void> {
  await page.getByPlaceholder('Enter any login').fill(login);
  await page.getByPlaceholder('and password').fill('any password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
}
