import type { CookieOptions, Express, Request } from 'express';

/**
 * The cookie security of this deployment, decided once from PUBLIC_URL: with an https address
 * every cookie the product sets is `Secure` and carries the name prefix browsers enforce for it
 * (`__Host-` for a cookie of the whole site, path `/` and no Domain; `__Secure-` for one scoped to
 * a narrower path), so neither a plain-http page nor a sibling subdomain can plant or overwrite it.
 * Not the request's own scheme: behind a TLS proxy and nginx the API is reached over plain http.
 */
export interface CookieSecurity {
  /** PUBLIC_URL is https: every cookie is `Secure`. */
  readonly secure: boolean;
  /** Cookie `name` at `path` as this deployment sets, reads and clears it. */
  readonly nameOf: (name: string, path: string) => string;
}

export function cookieSecurityOf(publicUrl: string): CookieSecurity {
  const secure = new URL(publicUrl).protocol === 'https:';
  return {
    secure,
    nameOf: (name, path) => (secure ? `${path === '/' ? '__Host-' : '__Secure-'}${name}` : name),
  };
}

/** An app setting, read back from each request as Express reads `trust proxy` for `req.secure`. */
const SETTING = 'cookie security';

/** Makes `publicUrl` decide the cookies of every request `app` answers (createApp does). */
export function setCookieSecurity(app: Express, publicUrl: string): void {
  app.set(SETTING, cookieSecurityOf(publicUrl));
}

/** The cookie security of the app answering `req`. */
export function cookieSecurity(req: Request): CookieSecurity {
  const security = req.app.get(SETTING) as CookieSecurity | undefined;
  if (!security) throw new Error('The app sets no cookie security: call setCookieSecurity when creating it');
  return security;
}

/** Cookie `name` at `path` for `req`'s deployment: its name there and the options it is set and cleared with. */
export function deploymentCookie(
  req: Request,
  name: string,
  options: { path: string; sameSite: 'lax' | 'strict' },
): { name: string; options: CookieOptions } {
  const { secure, nameOf } = cookieSecurity(req);
  return { name: nameOf(name, options.path), options: { httpOnly: true, secure, ...options } };
}
