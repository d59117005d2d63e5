import { NOTIFICATION_MESSAGES, UNSUBSCRIBE_MESSAGES as M, unsubscribeRoutes } from '@tht/contracts';
import { describeRoutes, type DescribeFeatureApi } from '../openapi/operations';

const LINK =
  'The link of a reminder mail (its `List-Unsubscribe` header and its footer): `token` names the person and the reminder ' +
  'kind, signed by the product; no sign-in.';

/** The prose of the unsubscribe link's routes (`unsubscribeRoutes` in @tht/contracts). */
export const describeUnsubscribeApi: DescribeFeatureApi = (settings) =>
  describeRoutes(
    unsubscribeRoutes,
    {
      tag: { name: 'Unsubscribe', description: "A reminder mail's one-click unsubscribe link (RFC 8058)" },
      operations: {
        getUnsubscribePage: {
          summary: 'The page of an unsubscribe link',
          description: `${LINK} Shows which reminder the link stops and a button that posts to the same address; changes nothing (mail scanners follow links).`,
          responses: { 200: 'An HTML page with the Unsubscribe button' },
          errors: { 400: [M.invalidLink] },
        },
        unsubscribe: {
          summary: 'Unsubscribe from one reminder kind',
          description:
            `${LINK} Turns that kind off for that person only, as their profile's switch does (the audit log names them). ` +
            'What a mail program sends for `List-Unsubscribe-Post: List-Unsubscribe=One-Click`; no cross-site check.',
          responses: { 200: 'An HTML page saying the reminder is off' },
          errors: { 400: [M.invalidLink], 404: [NOTIFICATION_MESSAGES.userNotFound] },
        },
      },
    },
    settings,
  );
