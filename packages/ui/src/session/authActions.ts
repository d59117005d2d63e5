import { useEffect, useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import {
  accountsRoutes,
  ssoRoutes,
  type CurrentUserResponse,
  type LoginInput,
  type LoginResponse,
  type RegistrationInput,
  type SsoFirstSignInInput,
} from '@tht/contracts';
import { AUTH_TOKEN_KEY, forgetReadAfter, SESSION_ENDED_EVENT } from '../api/client';
import { callRoute } from '../api/routeCalls';
import { CURRENT_USER_KEY } from './currentUser';

type SessionResponse = CurrentUserResponse & { authToken?: string };

function sessionOf({ authToken: _token, ...session }: SessionResponse): CurrentUserResponse {
  return session;
}

/**
 * The account calls with their effects on the session. Each
 * rejects with the ApiError of a failed call, so the screen can show its toast.
 */
export function useAuthActions() {
  const { mutate } = useSWRConfig();
  const navigate = useNavigate();

  return useMemo(() => {
    async function startSession(response: SessionResponse) {
      if (response.authToken) localStorage.setItem(AUTH_TOKEN_KEY, response.authToken);
      await mutate(CURRENT_USER_KEY, sessionOf(response), { revalidate: false });
    }

    async function clearSession() {
      localStorage.removeItem(AUTH_TOKEN_KEY);
      forgetReadAfter();
      await mutate(() => true, undefined, { revalidate: false });
      await mutate(CURRENT_USER_KEY, null, { revalidate: false });
    }

    /**
     * Signs out on this device even when the server call fails (the token is dropped and every
     * cached response cleared), then goes to /auth; rejects afterwards if the server call failed.
     */
    async function signOut(route: typeof accountsRoutes.logOut | typeof accountsRoutes.logOutEverywhere): Promise<void> {
      try {
        await callRoute(route, {});
      } finally {
        await clearSession();
        void navigate('/auth', { replace: true });
      }
    }

    return {
      /** Forgets a session the server ended (every cached response too), without a call: the signed-in pages then go to /auth. */
      forgetEndedSession: clearSession,

      login: async (credentials: LoginInput): Promise<LoginResponse> => {
        const response = await callRoute(accountsRoutes.logIn, { body: credentials });
        await startSession(response);
        return response;
      },

      register: async (registration: RegistrationInput): Promise<SessionResponse> => {
        const response = await callRoute(accountsRoutes.register, { body: registration });
        await startSession(response);
        return response;
      },

      /**
       * After the organisation's sign-in service sent the browser back: takes over the session the
       * server began (its httpOnly cookie) as a login does, token and all.
       */
      completeSingleSignOn: async (): Promise<LoginResponse> => {
        const response = await callRoute(ssoRoutes.completeSingleSignOn, {});
        await startSession(response);
        return response;
      },

      /** The first single sign-on of a person without an account: their account, then signed in. */
      completeFirstSignIn: async (placement: SsoFirstSignInInput): Promise<LoginResponse> => {
        const response = await callRoute(ssoRoutes.completeFirstSingleSignOn, { body: placement });
        await startSession(response);
        return response;
      },

      /** Ends this device's sign-in (the user's other devices stay signed in). */
      logout: (): Promise<void> => signOut(accountsRoutes.logOut),

      /** "Sign out everywhere": ends every sign-in of the user, on every device, then as `logout`. */
      logoutEverywhere: (): Promise<void> => signOut(accountsRoutes.logOutEverywhere),

      /** Setting a password ends earlier sign-ins; the response carries the new token. */
      setPassword: async (passwords: { password: string; confirmPassword?: string }): Promise<void> => {
        const response = await callRoute(accountsRoutes.setPassword, { body: passwords });
        localStorage.setItem(AUTH_TOKEN_KEY, response.authToken);
        await mutate(CURRENT_USER_KEY);
      },

      /** The generic answer (the link goes by e-mail), or a signed-in admin's link for another account. */
      requestPasswordReset: (username: string) => callRoute(accountsRoutes.requestPasswordReset, { body: { username } }),

      confirmPasswordReset: async (reset: { token: string; password: string; confirmPassword?: string }): Promise<void> => {
        await callRoute(accountsRoutes.confirmPasswordReset, { body: reset });
      },
    };
  }, [mutate, navigate]);
}

/**
 * While a signed-in page is open: when a request finds its session ended on the server
 * (`SESSION_ENDED_EVENT`, e.g. the account was deactivated), the session is forgotten at once, so
 * the page gives way to the sign-in page on that very request rather than at the next reload.
 */
export function useSignOutWhenSessionEnds(): void {
  const { forgetEndedSession } = useAuthActions();
  useEffect(() => {
    const forget = () => void forgetEndedSession();
    window.addEventListener(SESSION_ENDED_EVENT, forget);
    return () => window.removeEventListener(SESSION_ENDED_EVENT, forget);
  }, [forgetEndedSession]);
}
