import { randomUUID } from 'node:crypto';
import { actingUserId } from '@tht/contracts';
import type { AppendResult, EventMetadata, ExpectedVersion } from '@tht/eventstore';
import type { Request, RequestHandler } from 'express';
import type { AppContext } from './context';
import type { CommandEvent } from './decider';
import { nameReadAfter } from './read-after';

/** Who caused a command and which request it belongs to. */
export interface Actor {
  /** null for system actions (start-up admin, imports without a user). */
  userId: number | null;
  /**
   * `directory`: the organisation's directory (SCIM) acts, no signed-in user (the audit names it);
   * `connected-system`: a connected system's statement logs or deletes an entry (`name` is the system's).
   */
  kind?: 'directory' | 'connected-system';
  /** The connected system's name, with kind `connected-system`. */
  name?: string;
  correlationId: string;
  /** Told the global position of each append made for the actor: the request's `x-read-after` (absent outside requests). */
  noteAppended?(globalPosition: string): void;
}

/**
 * How long a command's response waits for the read models to include its events without their
 * moving on (a stuck runner), and at most while they do (a busy machine: answered from the read
 * models rather than early).
 */
export const READ_MODEL_WAIT_MS = 5000;
export const READ_MODEL_WAIT_MAX_MS = 30_000;

declare global {
  namespace Express {
    interface Request {
      correlationId: string;
    }
  }
}

export const CORRELATION_HEADER = 'x-correlation-id';
const ACCEPTABLE_CORRELATION_ID = /^[\w.:-]{1,128}$/;

/** A request's correlation id: the caller's `x-correlation-id` if sane, else a new UUID. */
export const correlationIdOf = (incoming: string | string[] | undefined): string =>
  typeof incoming === 'string' && ACCEPTABLE_CORRELATION_ID.test(incoming) ? incoming : randomUUID();

/** Gives every request a correlation id (`correlationIdOf`) and names it in the response. */
export const assignCorrelationId: RequestHandler = (req, res, next) => {
  req.correlationId = correlationIdOf(req.headers[CORRELATION_HEADER]);
  // setHeader, not Express's `res.set`: a plain string value needs none of its content-type handling.
  res.setHeader(CORRELATION_HEADER, req.correlationId);
  next();
};

/**
 * The actor of a request: the signed-in user (if any) and the request's correlation id; its
 * appends are named in the response's `x-read-after`.
 */
export function actorOf(req: Request): Actor {
  // `req.user` is set by the auth middleware (passport) on authenticated routes.
  const { user } = req as { user?: { id?: unknown } };
  return {
    userId: typeof user?.id === 'number' ? user.id : null,
    correlationId: req.correlationId,
    noteAppended: (globalPosition) => nameReadAfter(req.res!, globalPosition),
  };
}

/** An actor for work that no request started (start-up, CLI). */
export function systemActor(): Actor {
  return { userId: null, correlationId: randomUUID() };
}

/**
 * The metadata of `event` appended for `actor` at `occurredAt`. The acting user is the signed-in one, or for an
 * account holder's own act from a signed-out request (a sign-in, a registration, a reset link
 * used) that account's holder (`actingUserId`), so the audit finds it under them.
 */
export function metadataFor(
  actor: Actor,
  event: Pick<CommandEvent, 'type' | 'data' | 'schemaVersion'>,
  occurredAt: string,
): EventMetadata {
  const acting = actingUserId({ ...event, metadata: { actorId: actor.userId === null ? null : String(actor.userId) } });
  return {
    actorId: acting === null ? null : String(acting),
    ...(actor.kind && { actorKind: actor.kind }),
    ...(actor.name !== undefined && { actorName: actor.name }),
    correlationId: actor.correlationId,
    occurredAt,
    schemaVersion: event.schemaVersion ?? 1,
  };
}

/**
 * Appends a command's events to one stream (optimistic concurrency: a ConcurrencyError becomes
 * HTTP 409) and returns once the read models include them, so the client's next read shows the
 * change. If the projections lag beyond the bounded wait the events are still stored; the
 * response goes out and the lag is logged.
 */
export async function appendAndWait(
  ctx: AppContext,
  stream: string,
  events: readonly CommandEvent[],
  expectedVersion: ExpectedVersion,
  actor: Actor,
  occurredAt = ctx.now().toISOString(),
): Promise<AppendResult> {
  const result = await ctx.store.append(
    stream,
    events.map((event) => ({ type: event.type, data: event.data, metadata: metadataFor(actor, event, occurredAt) })),
    expectedVersion,
  );
  actor.noteAppended?.(result.lastGlobalPosition);
  await waitForReadModels(ctx, result.lastGlobalPosition);
  return result;
}

export async function waitForReadModels(ctx: AppContext, globalPosition: string): Promise<void> {
  const caughtUp = await ctx.readModels.waitFor(globalPosition, READ_MODEL_WAIT_MS, READ_MODEL_WAIT_MAX_MS);
  if (!caughtUp) {
    ctx.log.warn(
      `read models did not reach position ${globalPosition} (${READ_MODEL_WAIT_MS} ms without progress or ${READ_MODEL_WAIT_MAX_MS} ms in all); answering anyway`,
    );
  }
}
