import { userTargetStream, type UserTargetFields } from '@tht/contracts';
import type { AppContext } from '../platform/context';
import { latestUserTargetRecord, readTargetAssignments, type UserTargetRecord } from './target-assignments';

/**
 * `userId`'s target for `year` as the event log tells it, or null when none was set: the latest of
 * their own stream and the year's bulk assignments.
 */
export async function currentUserTarget(ctx: AppContext, userId: number, year: number): Promise<UserTargetFields | null> {
  const [own, assignments] = await Promise.all([
    ctx.store.readStream(userTargetStream(userId, year)) as Promise<UserTargetRecord[]>,
    readTargetAssignments(ctx, year),
  ]);
  return latestUserTargetRecord(own, assignments, userId);
}
