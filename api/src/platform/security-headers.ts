import type { Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';
import type { AppConfig } from '../config';

/** The origins of the remotes that `MF_*_URL` moves to another server (paths stay on this one). */
export function remoteOrigins(remoteUrls: AppConfig['remoteUrls']): string[] {
  const absolute = Object.values(remoteUrls).filter((url): url is string => url !== undefined && !url.startsWith('/'));
  return [...new Set(absolute.map((url) => new URL(url).origin))];
}

/**
 * The Content-Security-Policy: scripts only from this origin and the remotes' (no inline script,
 * no eval), manifests fetched from the same places, never framed. Styles keep 'unsafe-inline'
 * because styled-components writes its rules into <style> elements at run time.
 */
export function contentSecurityPolicyDirectives(remotes: readonly string[]): Record<string, string[]> {
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...remotes],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...remotes],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
}

/** The header's text, as nginx sends it for the shell's static files (docker/nginx). */
export function contentSecurityPolicyHeader(remotes: readonly string[]): string {
  return Object.entries(contentSecurityPolicyDirectives(remotes))
    .map(([directive, sources]) => `${directive} ${sources.join(' ')}`)
    .join('; ');
}

/**
 * Helmet's headers on every response: the CSP above, X-Frame-Options DENY, nosniff,
 * Referrer-Policy no-referrer, and HSTS only when the product is public over https (over plain
 * http a browser ignores it, and on localhost it would stick to every other local server).
 */
export function securityHeaderPairs(config: Pick<AppConfig, 'publicUrl' | 'remoteUrls'>): [string, string][] {
  return headersSetBy(
    helmet({
      contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicyDirectives(remoteOrigins(config.remoteUrls)) },
      xFrameOptions: { action: 'deny' },
      referrerPolicy: { policy: 'no-referrer' },
      strictTransportSecurity: new URL(config.publicUrl).protocol === 'https:' ? { maxAge: 365 * 24 * 60 * 60 } : false,
    }),
  );
}

/** Sets `securityHeaderPairs` on every response. */
export function securityHeaders(headers: readonly (readonly [string, string])[]): RequestHandler {
  return (_req, res, next) => {
    for (const [name, value] of headers) res.setHeader(name, value);
    next();
  };
}

/**
 * The headers a middleware sets, found by running it once at start-up: helmet's depend on the
 * configuration only (no nonce, nothing of the request), so every response gets them in one step
 * instead of helmet's twelve. Throws if the middleware does not simply set headers and go on.
 */
function headersSetBy(middleware: RequestHandler): [string, string][] {
  const headers: [string, string][] = [];
  let passed = false;
  const response = {
    setHeader: (name: string, value: unknown) => headers.push([name, String(value)]),
    removeHeader: () => {},
  };
  void middleware({ headers: {} } as Request, response as unknown as Response, (error?: unknown) => {
    passed = error === undefined;
  });
  if (!passed) throw new Error('The security headers middleware did not pass a request on');
  return headers;
}
