import { userTargetStream, yearlyTargetStream, type UserTarget, type YearlyTarget } from '@tht/contracts';
import type { Actor } from '../platform/commands';
import type { AppContext } from '../platform/context';
import { handleCommand } from '../platform/handle-command';
import { findUserById } from '../users';
import { userTargetDecider, yearlyTargetDecider, type UserTargetChange, type UserTargetCommand } from './target-deciders';
import { currentUserTarget } from './target-streams';
import { getUserTarget, getYearlyTarget } from './targets-queries';

export interface YearlyTargetInput {
  year: number;
  targetHours: number;
  description: string | null;
}

/**
 * Creates the target of a year, which is also its fiscal year (HR's form and the admin's fiscal-year
 * form). The stream name is the year, so of simultaneous creations exactly one wins.
 */
export async function createYearlyTarget(ctx: AppContext, input: YearlyTargetInput, actor: Actor): Promise<YearlyTarget> {
  const command = { type: 'CreateYearlyTarget', yearlyTargetId: await ctx.ids.next('yearlyTarget'), ...input } as const;
  await handleCommand(ctx, yearlyTargetDecider, { stream: yearlyTargetStream(input.year), command, actor });
  return getYearlyTarget(ctx.db, input.year);
}

/** A missing description keeps the current one. */
export async function updateYearlyTarget(
  ctx: AppContext,
  year: number,
  input: { targetHours: number; description?: string | null | undefined },
  actor: Actor,
): Promise<YearlyTarget> {
  const command = { type: 'UpdateYearlyTarget', year, ...input } as const;
  await handleCommand(ctx, yearlyTargetDecider, { stream: yearlyTargetStream(year), command, actor });
  return getYearlyTarget(ctx.db, year);
}

/** Reads what the decision needs beyond the person's own stream, then decides on that stream. */
async function changeUserTarget(ctx: AppContext, change: UserTargetChange, actor: Actor): Promise<UserTarget> {
  const { userId, year } = change;
  const [user, current] = await Promise.all([findUserById(ctx.db, userId), currentUserTarget(ctx, userId, year)]);
  const command: UserTargetCommand = { ...change, userExists: user !== undefined, current };
  await handleCommand(ctx, userTargetDecider, { stream: userTargetStream(userId, year), command, actor });
  return getUserTarget(ctx.db, userId, year);
}

/** `setBy` is the acting user. */
export async function createUserTarget(
  ctx: AppContext,
  input: { userId: number; year: number; targetHours: number; reason: string | null },
  actor: Actor,
): Promise<UserTarget> {
  const userTargetId = await ctx.ids.next('userTarget');
  return changeUserTarget(ctx, { type: 'CreateUserTarget', userTargetId, ...input, setBy: actor.userId }, actor);
}

/** A missing reason keeps the current one; `setBy` becomes the acting user. */
export async function updateUserTarget(
  ctx: AppContext,
  userId: number,
  year: number,
  input: { targetHours: number; reason?: string | null | undefined },
  actor: Actor,
): Promise<UserTarget> {
  return changeUserTarget(ctx, { type: 'UpdateUserTarget', userId, year, ...input, setBy: actor.userId }, actor);
}
