import { screen, waitFor, within } from '@testing-library/react';
import userEventLibrary from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES, PASSWORD_RESET_MESSAGES as R, type ResetRequestAnswer } from '@tht/contracts';
import { aSession } from '@tht/ui/testing';
import { installFakeApi, signedOut } from '../testing/fakeApi';
import { fill, renderAt, toasts } from '../testing/renderWithShell';
import { AuthPage } from './AuthPage';

const userEvent = userEventLibrary.setup({ delay: null });
const token = '0123456789abcdef'.repeat(4);

function resetApi(answer: ResetRequestAnswer = { message: R.linkOnItsWay, mailConfigured: true }) {
  return installFakeApi({
    getCurrentUser: signedOut,
    requestPasswordReset: () => ({ body: answer }),
    confirmPasswordReset: () => ({ body: { message: 'Password reset successful' } }),
  });
}

async function requestLinkFor(username: string) {
  renderAt('/auth?tab=reset', '/auth', <AuthPage />);
  await screen.findByRole('heading', { name: 'Reset Password' });
  fill('Username', username);
  await userEvent.click(screen.getByRole('button', { name: 'Get Reset Link' }));
}

describe('Password reset', () => {
  it('opens the reset tab from ?tab=reset and requires a username', async () => {
    const api = resetApi();
    renderAt('/auth?tab=reset', '/auth', <AuthPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Get Reset Link' }));
    await waitFor(() => expect(screen.getByLabelText('Username')).toHaveAccessibleDescription(ACCOUNT_MESSAGES.usernameRequired));
    expect(api.callsOf('requestPasswordReset')).toHaveLength(0);
  });

  it('says to check the e-mail, and takes the key from it to reset-confirm', async () => {
    const api = resetApi();
    await requestLinkFor('ann@example.com');
    expect(await screen.findByRole('heading', { name: 'Check Your E-mail' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(`${R.linkOnItsWay} ${R.checkEmail}`);
    expect(screen.queryByText(R.askAdministrator)).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /token=/ })).not.toBeInTheDocument();
    expect(api.callsOf('requestPasswordReset')[0]?.body).toEqual({ username: 'ann@example.com' });

    fill('Reset Key', token);
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { name: 'Choose a New Password' });
    expect(screen.getByLabelText('Reset Token')).toHaveValue(token);
    fill('New Password', 'long-enough');
    fill('Confirm Password', 'long-enough');
    await userEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByRole('tab', { name: 'Login', selected: true })).toBeInTheDocument();
    expect(api.callsOf('confirmPasswordReset')[0]?.body).toEqual({
      token,
      password: 'long-enough',
      confirmPassword: 'long-enough',
    });
    expect(toasts().getByRole('status')).toHaveTextContent('Password reset successful');
  });

  it('says to ask the administrator for the link when the server sends no e-mail', async () => {
    resetApi({ message: R.linkOnItsWay, mailConfigured: false });
    await requestLinkFor('ann@example.com');
    expect(await screen.findByRole('status')).toHaveTextContent(`${R.linkOnItsWay} ${R.askAdministrator}`);
    expect(screen.getByLabelText('Reset Key')).toBeInTheDocument();
  });

  it("shows an administrator's link for another account, which opens reset-confirm with the token", async () => {
    resetApi({ message: R.linkIssued, resetToken: token, resetLink: `${window.location.origin}/auth?token=${token}` });
    await requestLinkFor('ann@example.com');
    await userEvent.click(await screen.findByRole('link', { name: `${window.location.origin}/auth?token=${token}` }));
    await screen.findByRole('heading', { name: 'Choose a New Password' });
    expect(screen.getByLabelText('Reset Token')).toHaveValue(token);
  });

  it('accepts a typed key of 64 characters at most and rejects a malformed one', async () => {
    resetApi();
    await requestLinkFor('ann@example.com');
    const key = await screen.findByLabelText('Reset Key');
    expect(key).toHaveAttribute('maxLength', '64');
    fill('Reset Key', token.toUpperCase());
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(key).toHaveAccessibleDescription(expect.stringContaining(ACCOUNT_MESSAGES.invalidResetToken)));
    expect(within(toasts().getByRole('alert')).getByText('Invalid Token')).toBeInTheDocument();
    fill('Reset Key', token);
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: 'Choose a New Password' })).toBeInTheDocument();
  });

  it('opens reset-confirm from a 64-hex token in the URL and needs 8 matching characters', async () => {
    const api = resetApi();
    renderAt(`/auth?token=${token}`, '/auth', <AuthPage />);
    await screen.findByRole('heading', { name: 'Choose a New Password' });
    expect(screen.getByLabelText('Reset Token')).toHaveValue(token);
    fill('New Password', 'seven77');
    fill('Confirm Password', 'seven77');
    await userEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    await waitFor(() =>
      expect(screen.getByLabelText('New Password')).toHaveAccessibleDescription('Password must be at least 8 characters'),
    );
    fill('New Password', 'eight888');
    fill('Confirm Password', 'eight889');
    expect(screen.getByLabelText('Confirm Password')).toHaveAccessibleDescription("Passwords don't match");
    expect(api.callsOf('confirmPasswordReset')).toHaveLength(0);
  });

  it('checks an edited token before sending anything', async () => {
    const api = resetApi();
    renderAt(`/auth?token=${token}`, '/auth', <AuthPage />);
    await screen.findByRole('heading', { name: 'Choose a New Password' });
    fill('Reset Token', token.slice(1));
    fill('New Password', 'eight888');
    fill('Confirm Password', 'eight888');
    await userEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Reset Token')).toHaveAccessibleDescription(ACCOUNT_MESSAGES.invalidResetToken),
    );
    expect(api.callsOf('confirmPasswordReset')).toHaveLength(0);
  });

  it('shows the login tab for a token that is not 64 lowercase hex characters', async () => {
    resetApi();
    renderAt(`/auth?token=${token.slice(2)}`, '/auth', <AuthPage />);
    expect(await screen.findByRole('tab', { name: 'Login', selected: true })).toBeInTheDocument();
  });
});

describe('Set Your Password', () => {
  const mustChange = aSession(
    { id: 4, username: 'temp@example.com', email: 'temp@example.com', firstName: 'Tem', lastName: 'Porary' },
    { requiresPasswordChange: true },
  );

  it('is forced on a user whose password must change, with the 8-character rule', async () => {
    let changed = false;
    const api = installFakeApi({
      getCurrentUser: () => ({ body: { ...mustChange, requiresPasswordChange: !changed } }),
      setPassword: () => {
        changed = true;
        return {
          body: {
            message: 'Password updated successfully',
            authToken: 'fresh-token',
            ...mustChange,
            requiresPasswordChange: false,
          },
        };
      },
    });
    renderAt('/auth', '/auth', <AuthPage />);
    await screen.findByRole('heading', { name: 'Set Your Password' });
    fill('New Password', 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Set Password' }));
    await waitFor(() =>
      expect(screen.getByLabelText('New Password')).toHaveAccessibleDescription('Password must be at least 8 characters'),
    );
    fill('New Password', 'a-new-password');
    fill('Confirm Password', 'a-new-password');
    await userEvent.click(screen.getByRole('button', { name: 'Set Password' }));
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    expect(api.callsOf('setPassword')).toHaveLength(1);
    expect(localStorage.getItem('authToken')).toBe('fresh-token');
  });
});
