import {
  ACCOUNT_MESSAGES,
  TARGET_MESSAGES as M,
  userTargetStream,
  yearlyTargetStream,
  type TargetEventData,
  type TargetEventType,
  type UserTarget,
  type UserTargetFields,
  type YearlyTarget,
  type YearlyTargetFields,
} from '@tht/contracts';
import { ConcurrencyError } from '@tht/eventstore';
import { appendAndWait, type Actor, type CommandEvent } from '../platform/commands';
import type { AppContext } from '../platform/context';
import { HttpError } from '../platform/http';
import { findUserById } from '../users/users-queries';
import { loadUserTarget, loadYearlyTarget } from './target-streams';
import { getUserTarget, getYearlyTarget } from './targets-queries';

function targetEvent<Type extends TargetEventType>(type: Type, data: TargetEventData[Type]): CommandEvent<Type, TargetEventData[Type]> {
  return { type, data };
}

/** Starts a record's stream; of simultaneous creations of one key exactly one wins, the others get 409. */
async function appendFirst(ctx: AppContext, stream: string, event: CommandEvent, actor: Actor, conflictMessage: string) {
  try {
    await appendAndWait(ctx, stream, [event], 'no_stream', actor);
  } catch (error) {
    if (error instanceof ConcurrencyError) throw new HttpError(409, conflictMessage);
    throw error;
  }
}

export interface YearlyTargetInput {
  year: number;
  targetHours: number;
  description: string | null;
}

/** Creates the target of a year, which is also its fiscal year (HR's form and the admin's fiscal-year form). */
export async function createYearlyTarget(ctx: AppContext, input: YearlyTargetInput, actor: Actor): Promise<YearlyTarget> {
  if (await loadYearlyTarget(ctx, input.year)) throw new HttpError(409, M.yearlyTargetExists(input.year));
  const yearlyTargetId = await ctx.ids.next('yearlyTarget');
  const event = targetEvent('YearlyTargetCreated', { yearlyTargetId, ...input });
  await appendFirst(ctx, yearlyTargetStream(input.year), event, actor, M.yearlyTargetExists(input.year));
  return getYearlyTarget(ctx.db, input.year);
}

/** A missing description keeps the current one. */
export async function updateYearlyTarget(
  ctx: AppContext,
  year: number,
  input: { targetHours: number; description?: string | null | undefined },
  actor: Actor,
): Promise<YearlyTarget> {
  const state = await loadYearlyTarget(ctx, year);
  if (!state) throw new HttpError(404, M.yearlyTargetNotFound(year));
  const next: YearlyTargetFields = {
    yearlyTargetId: state.yearlyTargetId,
    year,
    targetHours: input.targetHours,
    description: input.description === undefined ? state.description : input.description,
  };
  if (next.targetHours !== state.targetHours || next.description !== state.description) {
    await appendAndWait(ctx, yearlyTargetStream(year), [targetEvent('YearlyTargetUpdated', next)], state.version, actor);
  }
  return getYearlyTarget(ctx.db, year);
}

async function assertUserExists(ctx: AppContext, userId: number): Promise<void> {
  if (!(await findUserById(ctx.db, userId))) throw new HttpError(404, ACCOUNT_MESSAGES.userNotFound);
}

/** `setBy` is the acting user. */
export async function createUserTarget(
  ctx: AppContext,
  input: { userId: number; year: number; targetHours: number; reason: string | null },
  actor: Actor,
): Promise<UserTarget> {
  const { userId, year, targetHours, reason } = input;
  await assertUserExists(ctx, userId);
  if (await loadUserTarget(ctx, userId, year)) throw new HttpError(409, M.userTargetExists(year));
  const userTargetId = await ctx.ids.next('userTarget');
  const event = targetEvent('UserTargetCreated', { userTargetId, userId, year, targetHours, reason, setBy: actor.userId });
  await appendFirst(ctx, userTargetStream(userId, year), event, actor, M.userTargetExists(year));
  return getUserTarget(ctx.db, userId, year);
}

/** A missing reason keeps the current one; `setBy` becomes the acting user. */
export async function updateUserTarget(
  ctx: AppContext,
  userId: number,
  year: number,
  input: { targetHours: number; reason?: string | null | undefined },
  actor: Actor,
): Promise<UserTarget> {
  await assertUserExists(ctx, userId);
  const state = await loadUserTarget(ctx, userId, year);
  if (!state) throw new HttpError(404, M.userTargetNotFound(year));
  const next: UserTargetFields = {
    userTargetId: state.userTargetId,
    userId,
    year,
    targetHours: input.targetHours,
    reason: input.reason === undefined ? state.reason : input.reason,
    setBy: actor.userId,
  };
  const unchanged = next.targetHours === state.targetHours && next.reason === state.reason && next.setBy === state.setBy;
  if (!unchanged) {
    await appendAndWait(ctx, userTargetStream(userId, year), [targetEvent('UserTargetUpdated', next)], state.version, actor);
  }
  return getUserTarget(ctx.db, userId, year);
}
