import { sql } from 'kysely';
import type { RequestHandler } from 'express';
import type { AppContext } from './context';

const DATABASE_TIMEOUT_MS = 2000;
/** Under steady writes the projections trail the log by moments; only a lag that outlasts this counts. */
const CATCH_UP_GRACE_MS = 2000;
const CATCH_UP_POLL_MS = 100;

async function databaseAnswers(ctx: AppContext): Promise<boolean> {
  const ping = sql`SELECT 1`.execute(ctx.db).then(
    () => true,
    () => false,
  );
  const timeout = new Promise<boolean>((resolve) => setTimeout(resolve, DATABASE_TIMEOUT_MS, false).unref());
  return Promise.race([ping, timeout]);
}

async function readModelsCaughtUp(ctx: AppContext): Promise<boolean> {
  const deadline = Date.now() + CATCH_UP_GRACE_MS;
  for (;;) {
    if (await ctx.readModels.ready().catch(() => false)) return true;
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, CATCH_UP_POLL_MS));
  }
}

/** 200 `{ status: 'ok' }` only when the database answers and the read models are caught up; else 503. */
export function healthHandler(ctx: AppContext): RequestHandler {
  return async (_req, res) => {
    res.set('Cache-Control', 'no-store');
    if (!(await databaseAnswers(ctx))) {
      res.status(503).json({ status: 'unavailable', error: 'The database does not answer' });
      return;
    }
    if (!(await readModelsCaughtUp(ctx))) {
      res.status(503).json({ status: 'unavailable', error: 'The read models are catching up with the event log' });
      return;
    }
    res.json({ status: 'ok' });
  };
}
