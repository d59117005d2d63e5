import {
  userTargetStream,
  yearlyTargetStream,
  type TargetEvent,
  type UserTargetFields,
  type YearlyTargetFields,
} from '@tht/contracts';
import type { RecordedEvent } from '@tht/eventstore';
import type { AppContext } from '../platform/context';

type Versioned<Fields> = Fields & { version: number };

/** Every target event carries the whole record, so a stream's state is its last event's data. */
async function lastRecordOf<Fields>(ctx: AppContext, stream: string): Promise<Versioned<Fields> | null> {
  const last = (await ctx.store.readStream(stream)).at(-1) as (RecordedEvent & TargetEvent) | undefined;
  return last ? { ...(last.data as Fields), version: last.streamVersion } : null;
}

export type YearlyTargetState = Versioned<YearlyTargetFields>;
export type UserTargetState = Versioned<UserTargetFields>;

/** The yearly target (fiscal year) of `year`, or null when none was created. */
export function loadYearlyTarget(ctx: AppContext, year: number): Promise<YearlyTargetState | null> {
  return lastRecordOf<YearlyTargetFields>(ctx, yearlyTargetStream(year));
}

/** `userId`'s own target for `year`, or null when none was set. */
export function loadUserTarget(ctx: AppContext, userId: number, year: number): Promise<UserTargetState | null> {
  return lastRecordOf<UserTargetFields>(ctx, userTargetStream(userId, year));
}
