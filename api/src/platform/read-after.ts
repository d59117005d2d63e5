import { AsyncLocalStorage } from 'node:async_hooks';
import { positionOfReadAfter, READ_AFTER_HEADER, READ_AFTER_MESSAGES, readAfterToken } from '@tht/contracts';
import type { RequestHandler, Response } from 'express';
import type { AppContext } from './context';

/**
 * Read-your-writes across API processes (the `x-read-after` consistency token of
 * `@tht/contracts`). Every `/api` request runs in a scope that notes the newest log position its
 * appends reached (`appendAndWait`, bulk appends and reservations call `noteAppended`), so the
 * response names it without any route saying so. A request that sends a token is let through
 * once this process's read models and caches include that position.
 */

/**
 * How long a request carrying a token waits for this process to reach it. A token from another
 * process's acknowledged command is normally reached within milliseconds (that command waited for
 * the shared read models); the bound only holds a request whose token is ahead of projections that
 * lag (or names no position of this log).
 */
export const READ_AFTER_WAIT_MS = 2000;
const RETRY_AFTER_SECONDS = '1';

const requestScope = new AsyncLocalStorage<Response>();

/**
 * Names `globalPosition` in the response of the request being handled, unless it names a newer
 * one already or its headers are gone (work left running after the answer).
 */
export function noteAppended(globalPosition: string): void {
  const res = requestScope.getStore();
  if (!res || res.headersSent) return;
  const named = positionOfReadAfter(String(res.getHeader(READ_AFTER_HEADER) ?? ''));
  if (named === null || globalPosition > named) res.setHeader(READ_AFTER_HEADER, readAfterToken(globalPosition));
}

/**
 * Waits (bounded) until this process includes the position of the request's `x-read-after`, then
 * handles the request in a scope that notes its appends. A malformed token is a 400; one not
 * reached within READ_AFTER_WAIT_MS a 503 with `Retry-After`. A token the caches are fresh
 * through costs nothing; waits share the read-model waiter's one poll.
 */
export function readAfter(ctx: Pick<AppContext, 'caches' | 'readModels'>): RequestHandler {
  return (req, res, next) => {
    const proceed = () => requestScope.run(res, next);
    const token = req.get(READ_AFTER_HEADER);
    if (token === undefined) return proceed();
    const position = positionOfReadAfter(token);
    if (position === null) {
      res.status(400).json({ error: READ_AFTER_MESSAGES.malformed });
      return;
    }
    if (position <= ctx.caches.freshThrough) return proceed();
    ctx.readModels.waitFor(position, READ_AFTER_WAIT_MS).then((reached) => {
      if (reached) return proceed();
      res.set('Retry-After', RETRY_AFTER_SECONDS).status(503).json({ error: READ_AFTER_MESSAGES.notReached });
    }, next);
  };
}
