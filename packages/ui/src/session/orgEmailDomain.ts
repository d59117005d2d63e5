import useSWR from 'swr';

/** Public organisation settings the server exposes to the sign-in and user forms. */
export const ORG_CONFIG_KEY = '/api/config';

type OrgConfig = { orgEmailDomain: string };

/**
 * The organisation's e-mail domain (ORG_EMAIL_DOMAIN on the server), for the e-mail rule of the
 * registration and user forms; undefined until known. Cached for the page's life.
 */
export function useOrgEmailDomain(): string | undefined {
  const { data } = useSWR<OrgConfig>(ORG_CONFIG_KEY, { dedupingInterval: Infinity, revalidateIfStale: false });
  return data?.orgEmailDomain;
}
