import { CERTIFICATE_LIST_CONTENT_TYPES, certificatesRoutes, EXPIRED_CERTIFICATE_LISTED_DAYS, HR_MESSAGES } from '@tht/contracts';
import { Router, type RequestHandler } from 'express';
import { accessGuards } from '../auth/access-guards';
import { canManageTargets } from '../auth/policy';
import { signedInUser } from '../auth/require-auth';
import type { AppContext } from '../platform/context';
import { HttpError } from '../platform/http';
import { jsonOf, responseKey, sendReadModelJson, serverDay } from '../platform/read-responses';
import { mountRoutes } from '../platform/route-table';
import { certificatesCsv, certificatesCsvName } from './certificates-csv';
import { expiringCertificates } from './certificates-queries';

/** 403 unless the signed-in user may open the HR View (HR and admins). */
const requireHrView: RequestHandler = (req, _res, next) => {
  if (!canManageTargets(signedInUser(req))) throw new HttpError(403, HR_MESSAGES.hrAccessRequired);
  next();
};

/**
 * Certificates that expire, counted from the server's today: the signed-in person's own (My
 * Dashboard) and everyone's, or one department's, for HR and admins, as JSON or a CSV file. Lapsed
 * certificates not renewed stay listed for `EXPIRED_CERTIFICATE_LISTED_DAYS` (negative days left).
 */
export function createCertificatesRouter(ctx: AppContext): Router {
  const router = Router();
  mountRoutes(router, accessGuards(ctx), certificatesRoutes, {
    listMyExpiringCertificates: {
      answeredFirst: true,
      handle: async ({ query: { days }, req, res }) => {
        const userId = signedInUser(req).id;
        const asOf = serverDay(new Date());
        const key = responseKey('my certificates', userId, days, asOf);
        const read = () =>
          expiringCertificates(ctx.pool, { asOf, days, expiredWithinDays: EXPIRED_CERTIFICATE_LISTED_DAYS, userIds: [userId] });
        await sendReadModelJson(ctx, req, res, key, jsonOf(read));
      },
    },
    listExpiringCertificates: {
      answeredFirst: true,
      before: [requireHrView],
      handle: async ({ query: { days, departmentId, format }, req, res }) => {
        const asOf = serverDay(new Date());
        const read = () =>
          expiringCertificates(ctx.pool, { asOf, days, departmentId, expiredWithinDays: EXPIRED_CERTIFICATE_LISTED_DAYS });
        if (format === 'json') {
          await sendReadModelJson(ctx, req, res, responseKey('hr certificates', days, departmentId, asOf), jsonOf(read));
          return;
        }
        const csv = certificatesCsv(await read());
        res.attachment(certificatesCsvName(days, asOf));
        res.set('Cache-Control', 'no-store');
        res.type(CERTIFICATE_LIST_CONTENT_TYPES.csv).send(csv);
      },
    },
  });
  return router;
}
