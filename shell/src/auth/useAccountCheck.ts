import { useCallback, useEffect, useState } from 'react';
import { accountsRoutes, EMAIL_CHECK_DELAY_MS, normaliseEmail } from '@tht/contracts';
import { callRoute } from '@tht/ui';

const MIN_CHECKED_LENGTH = 3;

/**
 * Whether an account exists for the typed username, asked 500 ms after the last keystroke or at
 * once on blur (`checkNow`). Undefined until the answer for the current text arrives; a failed
 * check is only logged.
 */
export function useAccountCheck(typed: string) {
  const email = normaliseEmail(typed);
  const checkable = email.length >= MIN_CHECKED_LENGTH;
  const [answer, setAnswer] = useState<{ email: string; exists: boolean } | null>(null);

  const check = useCallback(async (address: string) => {
    try {
      const { exists } = await callRoute(accountsRoutes.checkEmail, { params: { email: address } });
      setAnswer({ email: address, exists });
    } catch (error) {
      console.error('Checking the e-mail address failed', error);
    }
  }, []);

  useEffect(() => {
    if (!checkable) return;
    const timer = setTimeout(() => void check(email), EMAIL_CHECK_DELAY_MS);
    return () => clearTimeout(timer);
  }, [email, checkable, check]);

  return {
    exists: answer?.email === email ? answer.exists : undefined,
    checkNow: () => {
      if (checkable) void check(email);
    },
  };
}
