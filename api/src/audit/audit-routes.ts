import {
  AUDIT_MESSAGES as M,
  auditRoutes,
  parseHistoryKey,
  redactCredentials,
  type AuditHead,
  type AuditLogPage,
  type RecordHistory,
} from '@tht/contracts';
import { exportChain, readChainStatus, type ExportedEvent } from '@tht/eventstore';
import { Router, type RequestHandler } from 'express';
import { accessGuards } from '../auth/access-guards';
import { signedInUser } from '../auth/require-auth';
import type { AppContext } from '../platform/context';
import { HttpError, sendPieces } from '../platform/http';
import { mountRoutes } from '../platform/route-table';
import { auditLogPage } from './audit-log-queries';
import { recordHistory } from './history-queries';

/** Record histories (anyone allowed to read the record), the audit log and the hash chain for auditors (admins). */
export function createAuditRouter(ctx: AppContext): Router {
  const router = Router();
  const requirePostgresLog =
    (message: string): RequestHandler =>
    (_req, _res, next) => {
      if (ctx.config.eventstoreUrl) throw new HttpError(501, message);
      next();
    };
  const requireChain = [requirePostgresLog(M.chainUnavailable)];

  mountRoutes(router, accessGuards(ctx), auditRoutes, {
    getRecordHistory: async ({ params: { kind, id }, req }) => {
      const key = parseHistoryKey(kind, id);
      if (!key) throw new HttpError(400, M.badId);
      const items = await recordHistory(ctx, signedInUser(req), key);
      return { kind, id, items } satisfies RecordHistory;
    },
    getAuditLog: {
      before: [requirePostgresLog(M.logUnavailable)],
      handle: async ({ query, res }) => {
        const page = await auditLogPage(ctx, query);
        res.set('Cache-Control', 'no-store');
        return page satisfies AuditLogPage;
      },
    },
    getAuditHead: {
      before: requireChain,
      handle: async ({ res }) => {
        const { head, unsealed } = await readChainStatus(ctx.pool);
        res.set('Cache-Control', 'no-store');
        return {
          sequence: head?.sequence ?? 0,
          position: head?.globalPosition ?? null,
          hash: head?.hash ?? null,
          unsealed,
        } satisfies AuditHead;
      },
    },
    exportAuditEvents: {
      before: requireChain,
      handle: async ({ query: { from = 1, to }, res }) => {
        const last = to ?? (await readChainStatus(ctx.pool)).head?.sequence ?? 0;
        res.type('application/x-ndjson').set('Cache-Control', 'no-store');
        await sendPieces(res, ndjsonLines(exportChain(ctx.pool, from, last), withoutCredentials));
      },
    },
  });
  return router;
}

/**
 * An exported event with its credentials (password and reset-token hashes) replaced; `redacted`
 * names them. Such an event's link to the one before can still be checked, not its content:
 * `npm run verify`, on the database, checks that too.
 */
function withoutCredentials(event: ExportedEvent): ExportedEvent | (ExportedEvent & { redacted: string[] }) {
  const { data, redacted } = redactCredentials(event.data);
  return redacted.length === 0 ? event : { ...event, data, redacted };
}

async function* ndjsonLines<Event>(events: AsyncIterable<Event>, shown: (event: Event) => unknown): AsyncGenerator<string> {
  for await (const event of events) yield `${JSON.stringify(shown(event))}\n`;
}
