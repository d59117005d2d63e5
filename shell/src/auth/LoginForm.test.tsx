import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEventLibrary from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES, SECOND_FACTOR_MESSAGES } from '@tht/contracts';
import { aSession } from '@tht/ui/testing';
import { installFakeApi, signedOut } from '../testing/fakeApi';
import { fill, renderAt, toasts } from '../testing/renderWithShell';
import { AuthPage } from './AuthPage';

const session = aSession({ id: 1, username: 'ann@example.com', email: 'ann@example.com', firstName: 'Ann', lastName: 'Lee' });

const userEvent = userEventLibrary.setup({ delay: null });

function loginApi() {
  return installFakeApi({
    getCurrentUser: signedOut,
    checkEmail: ({ path }) => ({ body: { exists: path.endsWith('ann%40example.com') } }),
    logIn: ({ body }) =>
      (body as { password: string }).password === 'right-password'
        ? { body: { authToken: 'token-1', ...session } }
        : { status: 401, body: { error: ACCOUNT_MESSAGES.wrongPassword } },
  });
}

async function openLogin() {
  renderAt('/auth', '/auth', <AuthPage />);
  return screen.findByRole('tab', { name: 'Login', selected: true });
}

describe('Login form', () => {
  it('requires a username and a password', async () => {
    const api = loginApi();
    await openLogin();
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(screen.getByLabelText('Username')).toHaveAccessibleDescription(ACCOUNT_MESSAGES.usernameRequired));
    expect(screen.getByLabelText('Username')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(ACCOUNT_MESSAGES.passwordRequired);
    expect(api.callsOf('logIn')).toHaveLength(0);
  });

  it('says when the account does not exist and blocks sign-in', async () => {
    const api = loginApi();
    await openLogin();
    fill('Username', 'nobody@example.com');
    expect(await screen.findByText(ACCOUNT_MESSAGES.accountDoesNotExist)).toBeInTheDocument();
    fill('Password', 'whatever');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    const toast = await toasts().findByRole('alert');
    expect(within(toast).getByText('Login failed')).toBeInTheDocument();
    expect(within(toast).getByText(ACCOUNT_MESSAGES.accountDoesNotExist)).toBeInTheDocument();
    expect(api.callsOf('logIn')).toHaveLength(0);
  });

  it('checks the account on blur without waiting for the pause', async () => {
    const api = loginApi();
    await openLogin();
    const username = screen.getByLabelText('Username');
    fireEvent.change(username, { target: { value: 'ann@example.com' } });
    expect(api.callsOf('checkEmail')).toHaveLength(0);
    fireEvent.blur(username);
    expect(api.callsOf('checkEmail').map((call) => call.path)).toEqual(['/api/check-email/ann%40example.com']);
  });

  it('does not check usernames shorter than 3 characters', async () => {
    const api = loginApi();
    await openLogin();
    const username = screen.getByLabelText('Username');
    fireEvent.change(username, { target: { value: 'an' } });
    fireEvent.blur(username);
    expect(api.requests.filter((request) => request.path.startsWith('/api/check-email/'))).toHaveLength(0);
  });

  it('points to the reset link after the third wrong password', async () => {
    const api = loginApi();
    await openLogin();
    fill('Username', 'ann@example.com');
    fill('Password', 'wrong-password');
    const signIn = screen.getByRole('button', { name: 'Sign In' });
    for (const attempt of [1, 2]) {
      await userEvent.click(signIn);
      await waitFor(() => expect(api.callsOf('logIn')).toHaveLength(attempt));
      expect(await toasts().findByRole('alert')).toHaveTextContent(`Login failed${ACCOUNT_MESSAGES.wrongPassword}`);
    }
    await userEvent.click(signIn);
    expect(await screen.findByText(ACCOUNT_MESSAGES.multipleFailedAttempts)).toBeInTheDocument();
  });

  it('keeps the token, welcomes the user and leaves /auth on success', async () => {
    loginApi();
    await openLogin();
    fill('Username', 'ann@example.com');
    fill('Password', 'right-password');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    expect(toasts().getByRole('status')).toHaveTextContent('Login successfulWelcome back!');
    expect(localStorage.getItem('authToken')).toBe('token-1');
  });

  it('shows and hides the password', async () => {
    loginApi();
    await openLogin();
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(password).toHaveAttribute('type', 'text');
    await userEvent.click(screen.getByRole('button', { name: 'Hide' }));
    expect(password).toHaveAttribute('type', 'password');
  });
});

describe('Login form, second step of an administrator with two-step sign-in', () => {
  const admin = { ...session, user: { ...session.user, role: 'admin' as const } };
  const needsCode = (error: string) => ({ status: 401, body: { error, mfaRequired: true } });

  function twoStepApi() {
    return installFakeApi({
      getCurrentUser: signedOut,
      checkEmail: () => ({ body: { exists: true } }),
      logIn: ({ body }) => {
        const { password, code } = body as { password: string; code?: string };
        if (password !== 'right-password') return { status: 401, body: { error: ACCOUNT_MESSAGES.wrongPassword } };
        if (code === undefined) return needsCode(SECOND_FACTOR_MESSAGES.codeRequired);
        return code === '123456' ? { body: { authToken: 'token-2', ...admin } } : needsCode(SECOND_FACTOR_MESSAGES.wrongCode);
      },
    });
  }

  it('asks for the code after the right password and sends it with the same sign-in call', async () => {
    const api = twoStepApi();
    await openLogin();
    fill('Username', 'ann@example.com');
    fill('Password', 'right-password');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));

    const code = await screen.findByLabelText(/Authentication code/);
    expect(screen.getByText(SECOND_FACTOR_MESSAGES.codeRequired)).toBeInTheDocument();
    expect(localStorage.getItem('authToken')).toBeNull();
    expect(toasts().queryByRole('alert')).toBeNull();

    fireEvent.change(code, { target: { value: '000000' } });
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await toasts().findByRole('alert')).toHaveTextContent(`Login failed${SECOND_FACTOR_MESSAGES.wrongCode}`);
    expect(screen.getByLabelText(/Authentication code/)).toHaveAccessibleDescription(SECOND_FACTOR_MESSAGES.wrongCode);

    fireEvent.change(screen.getByLabelText(/Authentication code/), { target: { value: ' 123456 ' } });
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    expect(localStorage.getItem('authToken')).toBe('token-2');
    expect(api.callsOf('logIn').map((call) => call.body)).toEqual([
      { username: 'ann@example.com', password: 'right-password' },
      { username: 'ann@example.com', password: 'right-password', code: '000000' },
      { username: 'ann@example.com', password: 'right-password', code: '123456' },
    ]);
  });

  it('goes back to the password form', async () => {
    twoStepApi();
    await openLogin();
    fill('Username', 'ann@example.com');
    fill('Password', 'right-password');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Back' }));
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
  });
});
