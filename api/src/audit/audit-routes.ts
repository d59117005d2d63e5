import {
  AUDIT_MESSAGES as M,
  auditEventsQuerySchema,
  auditLogQuerySchema,
  historyKindSchema,
  parseHistoryKey,
  redactCredentials,
  type AuditHead,
  type AuditLogPage,
  type RecordHistory,
} from '@tht/contracts';
import { exportChain, readChainStatus, type ExportedEvent } from '@tht/eventstore';
import { Router, type RequestHandler } from 'express';
import { requireAuth, requireRole, signedInUser } from '../auth/require-auth';
import type { AppContext } from '../platform/context';
import { HttpError, parseWith, sendPieces } from '../platform/http';
import { auditLogPage } from './audit-log-queries';
import { recordHistory } from './history-queries';

/** Record histories (anyone allowed to read the record), the audit log and the hash chain for auditors (admins). */
export function createAuditRouter(ctx: AppContext): Router {
  const router = Router();
  const adminOnly = [requireAuth(ctx), requireRole('admin')];
  const requirePostgresLog =
    (message: string): RequestHandler =>
    (_req, _res, next) => {
      if (ctx.config.eventstoreUrl) throw new HttpError(501, message);
      next();
    };
  const requireChain = requirePostgresLog(M.chainUnavailable);

  router.get('/history/:kind/:id', requireAuth(ctx), async (req, res) => {
    const kind = parseWith(historyKindSchema, req.params.kind);
    const key = parseHistoryKey(kind, String(req.params.id));
    if (!key) throw new HttpError(400, M.badId);
    const items = await recordHistory(ctx, signedInUser(req), key);
    res.json({ kind, id: String(req.params.id), items } satisfies RecordHistory);
  });

  router.get('/audit/head', ...adminOnly, requireChain, async (req, res) => {
    const { head, unsealed } = await readChainStatus(ctx.pool);
    const answer: AuditHead = {
      sequence: head?.sequence ?? 0,
      position: head?.globalPosition ?? null,
      hash: head?.hash ?? null,
      unsealed,
    };
    res.set('Cache-Control', 'no-store').json(answer);
  });

  router.get('/audit/log', ...adminOnly, requirePostgresLog(M.logUnavailable), async (req, res) => {
    const query = parseWith(auditLogQuerySchema, req.query);
    res.set('Cache-Control', 'no-store').json((await auditLogPage(ctx, query)) satisfies AuditLogPage);
  });

  router.get('/audit/events', ...adminOnly, requireChain, async (req, res) => {
    const { from = 1, to } = parseWith(auditEventsQuerySchema, req.query);
    const last = to ?? (await readChainStatus(ctx.pool)).head?.sequence ?? 0;
    res.type('application/x-ndjson').set('Cache-Control', 'no-store');
    await sendPieces(res, ndjsonLines(exportChain(ctx.pool, from, last), withoutCredentials));
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
