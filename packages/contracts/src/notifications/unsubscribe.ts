import { z } from 'zod';
import { defineRoutes } from '../routes/api-route';

/** Where a reminder's one-click unsubscribe link goes (RFC 8058): `GET` shows a button, `POST` turns the kind off. */
export const UNSUBSCRIBE_PATH = '/api/notifications/unsubscribe';

export const UNSUBSCRIBE_MESSAGES = {
  invalidLink: 'This unsubscribe link is not valid: open the link of the mail again, or switch reminders off in your profile',
} as const;

/** `?token=`: the signed token of the link (its person and kind). */
export const unsubscribeQuerySchema = z.object({
  token: z.string({ error: UNSUBSCRIBE_MESSAGES.invalidLink }).max(200, UNSUBSCRIBE_MESSAGES.invalidLink),
});

const HTML_PAGE = { contentType: 'text/html' } as const;

/**
 * The unsubscribe link of every reminder mail: public (the signed token is the authority), and
 * answered with a small HTML page, since a person's browser or a mail program opens it.
 */
export const unsubscribeRoutes = defineRoutes({
  getUnsubscribePage: {
    method: 'get',
    path: UNSUBSCRIBE_PATH,
    access: 'public',
    query: unsubscribeQuerySchema,
    responses: { 200: HTML_PAGE },
  },
  unsubscribe: {
    method: 'post',
    path: UNSUBSCRIBE_PATH,
    access: 'public',
    query: unsubscribeQuerySchema,
    responses: { 200: HTML_PAGE },
    // Called by mail programs and the page above, never by the product's screens.
    refreshes: [],
  },
});
