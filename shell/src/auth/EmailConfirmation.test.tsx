import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EMAIL_CONFIRMATION_MESSAGES as C, SSO_MESSAGES } from '@tht/contracts';
import { AppRoutes } from '../App';
import { installFakeApi, signedOut } from '../testing/fakeApi';
import { renderApp } from '../testing/renderWithShell';

const token = `12.${'ab'.repeat(32)}`;

describe('the confirmation link mailed at registration', () => {
  it('posts its token once and says the address is confirmed', async () => {
    const api = installFakeApi({
      getCurrentUser: signedOut,
      confirmEmail: () => ({ body: { message: C.confirmed } }),
    });
    renderApp(`/auth?confirm-email=${token}`, <AppRoutes />);
    expect(await screen.findByRole('heading', { name: 'E-mail Address Confirmed' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(C.confirmed);
    expect(api.callsOf('confirmEmail').map(({ body }) => body)).toEqual([{ token }]);
  });

  it('says why a used or expired link confirms nothing', async () => {
    installFakeApi({
      getCurrentUser: signedOut,
      confirmEmail: () => ({ status: 400, body: { error: C.expiredLink } }),
    });
    renderApp(`/auth?confirm-email=${token}`, <AppRoutes />);
    expect(await screen.findByRole('heading', { name: 'E-mail Address Not Confirmed' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(C.expiredLink);
  });
});

describe('the first-sign-in screen of an account its owner just claimed', () => {
  it('tells the owner the account is theirs now and its password no longer works', async () => {
    installFakeApi({
      getCurrentUser: signedOut,
      getRemoteRegistry: () => ({ body: {} }),
      getFirstSingleSignOn: () => ({
        body: { email: 'new.hire@example.com', firstName: 'New', lastName: 'Hire', claimed: true },
      }),
      listDepartments: () => ({ body: [] }),
      listManagers: () => ({ body: [] }),
    });
    renderApp('/auth?sso=first-sign-in', <AppRoutes />);
    expect(await screen.findByText(SSO_MESSAGES.accountClaimed)).toBeInTheDocument();
  });
});
