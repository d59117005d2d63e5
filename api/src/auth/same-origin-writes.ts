import { ACCOUNT_MESSAGES as M } from '@tht/contracts';
import type { Request, RequestHandler } from 'express';
import { HttpError } from '../platform/http';
import { signsInByCookie } from './require-auth';

const READING_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The origin this request was sent to, as the browser saw it (behind a trusted proxy: its X-Forwarded-Proto). */
function servedOrigin(req: Request): string | null {
  try {
    return new URL(`${req.protocol}://${req.get('host')}`).origin;
  } catch {
    return null;
  }
}

/** The browser says the request comes from a page of this site: `Sec-Fetch-Site`, else `Origin`. */
function comesFromOwnPages(req: Request, publicOrigin: string): boolean {
  if (req.get('sec-fetch-site') === 'same-origin') return true;
  const origin = req.get('origin');
  return origin !== undefined && (origin === publicOrigin || origin === servedOrigin(req));
}

/**
 * Refuses (403) a change whose sign-in is the browser's cookie alone unless it comes from the
 * product's own pages (PUBLIC_URL's origin or the origin it was served on): SameSite=Lax still lets
 * a sibling subdomain's page send it, and a cookie is sent whoever asks. Bearer requests and reads
 * pass, since no other site's page can set the header.
 */
export function refuseCrossSiteCookieWrites(publicUrl: string): RequestHandler {
  const publicOrigin = new URL(publicUrl).origin;
  return (req, _res, next) => {
    if (READING_METHODS.has(req.method) || !signsInByCookie(req) || comesFromOwnPages(req, publicOrigin)) return next();
    throw new HttpError(403, M.crossSiteRequest);
  };
}
