import { sql } from 'kysely';
import type { RequestHandler } from 'express';
import type { AppContext } from './context';

const DATABASE_TIMEOUT_MS = 2000;

async function databaseAnswers(ctx: AppContext): Promise<boolean> {
  const ping = sql`SELECT 1`.execute(ctx.db).then(
    () => true,
    () => false,
  );
  const timeout = new Promise<boolean>((resolve) => setTimeout(resolve, DATABASE_TIMEOUT_MS, false).unref());
  return Promise.race([ping, timeout]);
}

/** 200 `{ status: 'ok' }` only when the database answers and the read models are caught up; else 503. */
export function healthHandler(ctx: AppContext): RequestHandler {
  return async (_req, res) => {
    res.set('Cache-Control', 'no-store');
    if (!(await databaseAnswers(ctx))) {
      res.status(503).json({ status: 'unavailable', error: 'The database does not answer' });
      return;
    }
    if (!(await ctx.readModels.ready().catch(() => false))) {
      res.status(503).json({ status: 'unavailable', error: 'The read models are catching up with the event log' });
      return;
    }
    res.json({ status: 'ok' });
  };
}
