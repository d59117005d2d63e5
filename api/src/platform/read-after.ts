import { positionOfReadAfter, READ_AFTER_HEADER, READ_AFTER_MESSAGES, readAfterToken } from '@tht/contracts';
import type { RequestHandler, Response } from 'express';
import type { AppContext } from './context';

/**
 * Read-your-writes across API processes (the `x-read-after` consistency token of
 * `@tht/contracts`). A request's actor (`actorOf`) names each of its appends in the response
 * (`appendAndWait`, bulk appends and reservations tell it), so no route says so; a request that
 * sends a token is let through once this process's read models and caches include that position.
 */

/**
 * How long a request carrying a token waits for this process to reach it. A token from another
 * process's acknowledged command is normally reached within milliseconds (that command waited for
 * the shared read models); the bound only holds a request whose token is ahead of projections that
 * lag (or names no position of this log).
 */
export const READ_AFTER_WAIT_MS = 2000;
const RETRY_AFTER_SECONDS = '1';

/** Names `globalPosition` in `res`'s `x-read-after`, unless it names a newer one or was sent (work left running after the answer). */
export function nameReadAfter(res: Response, globalPosition: string): void {
  if (res.headersSent) return;
  const named = positionOfReadAfter(String(res.getHeader(READ_AFTER_HEADER) ?? ''));
  if (named === null || globalPosition > named) res.setHeader(READ_AFTER_HEADER, readAfterToken(globalPosition));
}

/**
 * Lets a request that sends `x-read-after` through once this process includes that position: at
 * once when the caches are fresh through it, else after a wait shared with every other (the
 * read-model waiter's one poll) of at most READ_AFTER_WAIT_MS, or a 503 with `Retry-After`. A
 * malformed token is a 400.
 */
export function readAfter(ctx: Pick<AppContext, 'caches' | 'readModels'>): RequestHandler {
  return (req, res, next) => {
    const token = req.get(READ_AFTER_HEADER);
    if (token === undefined) return next();
    const position = positionOfReadAfter(token);
    if (position === null) {
      res.status(400).json({ error: READ_AFTER_MESSAGES.malformed });
      return;
    }
    if (position <= ctx.caches.freshThrough) return next();
    ctx.readModels.waitFor(position, READ_AFTER_WAIT_MS).then((reached) => {
      if (reached) return next();
      res.set('Retry-After', RETRY_AFTER_SECONDS).status(503).json({ error: READ_AFTER_MESSAGES.notReached });
    }, next);
  };
}
