import { useAuthActions } from '@tht/ui';
import { useFailureToast } from './useFailureToast';

/** Signs out from a screen that holds the user before the app opens; a failure shows as a toast. */
export function useSignOut(): () => Promise<void> {
  const { logout } = useAuthActions();
  const showFailure = useFailureToast();
  return async function signOut() {
    try {
      await logout();
    } catch (error) {
      showFailure('Logout failed', error);
    }
  };
}
