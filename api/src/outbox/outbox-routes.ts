import { NOTIFICATION_KIND_LABELS, UNSUBSCRIBE_MESSAGES as M, unsubscribeRoutes } from '@tht/contracts';
import { Router } from 'express';
import { accessGuards } from '../auth/access-guards';
import { setPersonNotification } from '../notification-switches';
import { actorOf } from '../platform/commands';
import type { AppContext } from '../platform/context';
import { HttpError } from '../platform/http';
import { mountRoutes } from '../platform/route-table';
import { confirmationPage, unsubscribedPage } from './outbox-unsubscribe-page';
import { readUnsubscribeToken, type Unsubscription } from './outbox-unsubscribe';

/** The person and kind of a link's token; 400 when the token was not made by this product. */
function unsubscriptionOf(ctx: AppContext, token: string): Unsubscription {
  const unsubscription = readUnsubscribeToken(ctx.config.jwtSecret, token);
  if (!unsubscription) throw new HttpError(400, M.invalidLink);
  return unsubscription;
}

/**
 * The one-click unsubscribe of RFC 8058: no sign-in (the signed token names the person and the
 * kind) and no cross-site check, since a mail program posts from anywhere (docs/security.md); so it
 * is mounted before that check. GET only shows the button; POST turns that one kind off for that person.
 */
export function createUnsubscribeRouter(ctx: AppContext): Router {
  const router = Router();
  mountRoutes(router, accessGuards(ctx), unsubscribeRoutes, {
    getUnsubscribePage: ({ query, req, res }) => {
      const { kind } = unsubscriptionOf(ctx, query.token);
      res.type('html').send(confirmationPage(NOTIFICATION_KIND_LABELS[kind], req.originalUrl));
    },
    unsubscribe: async ({ query, req, res }) => {
      const { userId, kind } = unsubscriptionOf(ctx, query.token);
      // The link's owner acts: only they were sent it.
      await setPersonNotification(ctx, userId, kind, false, { ...actorOf(req), userId });
      res.type('html').send(unsubscribedPage(NOTIFICATION_KIND_LABELS[kind]));
    },
  });
  return router;
}
