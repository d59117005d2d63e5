import { AS_OF_MESSAGES, AS_OF_RETRY_AFTER_SECONDS, type AsOfBuilding } from '@tht/contracts';
import type { Request, Response } from 'express';
import { actorOf } from '../platform/commands';
import type { AppContext } from '../platform/context';
import { HttpError } from '../platform/http';
import { answerEachTime, jsonOf, responseKey, sendReadModelJson } from '../platform/read-responses';
import type { AsOfBusy, AsOfOutcome } from './as-of-replays';

/** Seconds a client waits before asking again when the replays are busy (a replay takes a while). */
export const AS_OF_BUSY_RETRY_AFTER_SECONDS = 10;

const BUSY_MESSAGES: Record<AsOfBusy, string> = {
  'all-slots-taken': AS_OF_MESSAGES.replaysBusy,
  'own-job-under-way': AS_OF_MESSAGES.ownReplayUnderWay,
};

/**
 * Answers a read (or an export) as of a moment whose replay is not there: `202 {status: 'building',
 * progress}` while the replay runs; `503 {error}` once when it failed, and with Retry-After when the
 * replays are busy (too many queued, or one of this user's under way).
 */
export function answerAsOfNotReady(res: Response, outcome: Exclude<AsOfOutcome<unknown>, { status: 'ready' }>): void {
  if (outcome.status === 'failed') throw new HttpError(503, AS_OF_MESSAGES.replayFailed);
  if (outcome.status === 'busy')
    throw new HttpError(503, BUSY_MESSAGES[outcome.reason], { 'Retry-After': String(AS_OF_BUSY_RETRY_AFTER_SECONDS) });
  res.setHeader('Retry-After', String(AS_OF_RETRY_AFTER_SECONDS));
  res.setHeader('Cache-Control', 'no-store');
  res.status(202).json({ status: 'building', progress: outcome.progress } satisfies AsOfBuilding);
}

/**
 * Answers a read as of `asOf` (already authorised): `read` with the replayed schema's name, its
 * bytes rendered once per route, year, moment and schema; until the replay is there, as
 * `answerAsOfNotReady` says.
 */
export async function sendAsOfJson(
  ctx: Pick<AppContext, 'asOf' | 'responses'>,
  req: Request,
  res: Response,
  { route, year, asOf }: { route: string; year: number; asOf: Date },
  read: (schema: string) => Promise<unknown>,
): Promise<void> {
  // Each read marks its replay used (the least recently used one is dropped): never answered from a kept answer.
  answerEachTime(req);
  const outcome = await ctx.asOf.withReadModels(asOf, String(actorOf(req).userId), (schema) =>
    sendReadModelJson(
      ctx,
      req,
      res,
      responseKey(route, year, asOf.toISOString(), schema),
      jsonOf(() => read(schema)),
    ),
  );
  if (outcome.status !== 'ready') answerAsOfNotReady(res, outcome);
}
