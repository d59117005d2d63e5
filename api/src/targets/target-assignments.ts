import { userTargetAssignmentsStream, type TargetEventData, type UserTargetFields } from '@tht/contracts';
import type { RecordedEvent } from '@tht/eventstore';
import type { AppContext } from '../platform/context';

/**
 * A bulk assignment writes every person's target of the year in ONE append to the year's
 * assignment stream (`user-target-assignments-<year>`): the event store appends atomically to one
 * stream only. A person's target is therefore the latest record of two streams, their own
 * (`user-target-<userId>-<year>`, single edits) and the year's assignment stream; whoever loads a
 * person's target for a command must look at both (`latestUserTargetRecord`).
 */
export type UserTargetRecord = RecordedEvent<'UserTargetCreated' | 'UserTargetUpdated', TargetEventData['UserTargetCreated']>;

/** The events of the year's assignment stream (every target a bulk assignment set that year). */
export async function readTargetAssignments(ctx: AppContext, year: number): Promise<UserTargetRecord[]> {
  return (await ctx.store.readStream(userTargetAssignmentsStream(year))) as UserTargetRecord[];
}

/** Of a person's own records and the year's assignments, the one appended last (null: no target). */
export function latestUserTargetRecord(
  ownRecords: readonly UserTargetRecord[],
  assignments: readonly UserTargetRecord[],
  userId: number,
): UserTargetFields | null {
  const own = ownRecords.at(-1);
  const assigned = assignments.findLast((event) => event.data.userId === userId);
  const latest = own && assigned ? (own.globalPosition > assigned.globalPosition ? own : assigned) : (own ?? assigned);
  return latest ? latest.data : null;
}
