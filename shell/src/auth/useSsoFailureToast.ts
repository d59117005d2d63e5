import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { SSO_FAILURE_PARAM, ssoFailureMessage } from '@tht/contracts';
import { useOrgConfig, useToast } from '@tht/ui';
import { ssoFailureOf } from './authPaths';

/**
 * A single sign-on the server sent back as failed (`?sso_error=`): its toast, once the settings
 * (the domain a message names) have come, and the address cleaned.
 */
export function useSsoFailureToast(): void {
  const [searchParams, setSearchParams] = useSearchParams();
  const { showToast } = useToast();
  const { config, settled } = useOrgConfig();
  const domain = config?.orgEmailDomain;
  const failure = ssoFailureOf(searchParams);

  useEffect(() => {
    if (!failure || !settled) return;
    showToast({ title: 'Login failed', description: ssoFailureMessage(failure, domain), variant: 'destructive' });
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(SSO_FAILURE_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [failure, settled, domain, showToast, setSearchParams]);
}
