import { platformRoutes, type OrgConfig } from '@tht/contracts';
import { readKey, useRead } from '../api/routeCalls';

/** Public organisation settings the server exposes to the sign-in and user forms. */
export const ORG_CONFIG_KEY = readKey(platformRoutes.getOrgConfig, {});

/** GET /api/config, cached for the page's life: the settings (undefined until known), and whether the call has answered or failed. */
export function useOrgConfig(): { config: OrgConfig | undefined; settled: boolean } {
  const { data, error } = useRead(platformRoutes.getOrgConfig, {}, { dedupingInterval: Infinity, revalidateIfStale: false });
  return { config: data, settled: data !== undefined || error !== undefined };
}

/**
 * The organisation's e-mail domain (ORG_EMAIL_DOMAIN on the server), for the e-mail rule of the
 * registration and user forms; undefined until known.
 */
export function useOrgEmailDomain(): string | undefined {
  return useOrgConfig().config?.orgEmailDomain;
}

/**
 * How people sign in: whether password sign-in and registration are on (PASSWORD_LOGIN), and the
 * single sign-on button's label (null without OIDC_ISSUER). Until known: passwords, no button.
 */
export function useSignInOptions(): Pick<OrgConfig, 'passwordLogin' | 'sso'> {
  const { config } = useOrgConfig();
  return { passwordLogin: config?.passwordLogin ?? true, sso: config?.sso ?? null };
}
