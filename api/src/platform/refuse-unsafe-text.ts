import { findUnsafeText, formatValuePath, isSafeText, SAFE_TEXT_MESSAGES, type ValuePath } from '@tht/contracts';
import type { RequestHandler } from 'express';
import { HttpError } from './http';

/** A path segment as a route parameter would receive it; one that does not decode is left to the router (400). */
function decodedSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return '';
  }
}

const bodyPlace = (path: ValuePath) => (path.length === 0 ? 'The request body' : `Request body field ${formatValuePath(path)}`);

/**
 * Refuses, before any route runs, a request carrying text PostgreSQL cannot store (contracts'
 * safe-text rule) in its address (every path segment, so every route parameter), query or JSON
 * body, keys included. So no command ever sees such text and no event holds it.
 */
export const refuseUnsafeText: RequestHandler = (req, _res, next) => {
  if (!req.path.split('/').map(decodedSegment).every(isSafeText))
    throw new HttpError(400, SAFE_TEXT_MESSAGES.unsafeText('The address'));
  const unsafeInQuery = findUnsafeText(req.query);
  if (unsafeInQuery) throw new HttpError(400, SAFE_TEXT_MESSAGES.unsafeText(`Query parameter ${formatValuePath(unsafeInQuery)}`));
  const unsafeInBody = findUnsafeText(req.body);
  if (unsafeInBody) throw new HttpError(400, SAFE_TEXT_MESSAGES.unsafeText(bodyPlace(unsafeInBody)));
  next();
};
