/**
 * Target events. A yearly target (= fiscal year) lives in stream `yearly-target-<year>`, a
 * person's target in `user-target-<userId>-<year>`: the stream name is the natural key, so
 * creating one appends with expected version 'no_stream' and of two simultaneous creations of
 * the same key exactly one wins. Every event carries the whole record (times come from the
 * metadata), so the projector never needs the earlier events. `setBy` is the acting user.
 */
export interface YearlyTargetFields {
  yearlyTargetId: number;
  year: number;
  targetHours: number;
  description: string | null;
}

export interface UserTargetFields {
  userTargetId: number;
  userId: number;
  year: number;
  targetHours: number;
  reason: string | null;
  setBy: number | null;
}

export interface TargetEventData {
  YearlyTargetCreated: YearlyTargetFields;
  YearlyTargetUpdated: YearlyTargetFields;
  UserTargetCreated: UserTargetFields;
  UserTargetUpdated: UserTargetFields;
}

export type TargetEventType = keyof TargetEventData;

export type TargetEvent = {
  [Type in TargetEventType]: { type: Type; data: TargetEventData[Type] };
}[TargetEventType];

export const TARGET_EVENT_TYPES: readonly TargetEventType[] = [
  'YearlyTargetCreated',
  'YearlyTargetUpdated',
  'UserTargetCreated',
  'UserTargetUpdated',
];

export const yearlyTargetStream = (year: number) => `yearly-target-${year}`;
export const userTargetStream = (userId: number, year: number) => `user-target-${userId}-${year}`;
/**
 * A bulk assignment of user targets (HR) appends all its `UserTargetCreated`/`UserTargetUpdated`
 * events to this one stream of the year, in one atomic append; a person's target is the latest of
 * their own stream and this one.
 */
export const userTargetAssignmentsStream = (year: number) => `user-target-assignments-${year}`;
