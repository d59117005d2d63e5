import {
  userTargetStream,
  yearlyTargetStream,
  type TargetEvent,
  type UserTargetFields,
  type YearlyTargetFields,
} from '@tht/contracts';
import type { ExpectedVersion, RecordedEvent } from '@tht/eventstore';
import type { AppContext } from '../platform/context';
import { latestUserTargetRecord, readTargetAssignments, type UserTargetRecord } from './target-assignments';

type Versioned<Fields> = Fields & { version: number };

/** Every target event carries the whole record, so a stream's state is its last event's data. */
async function lastRecordOf<Fields>(ctx: AppContext, stream: string): Promise<Versioned<Fields> | null> {
  const last = (await ctx.store.readStream(stream)).at(-1) as (RecordedEvent & TargetEvent) | undefined;
  return last ? { ...(last.data as Fields), version: last.streamVersion } : null;
}

export type YearlyTargetState = Versioned<YearlyTargetFields>;
export type UserTargetState = UserTargetFields & { version: ExpectedVersion };

/** The yearly target (fiscal year) of `year`, or null when none was created. */
export function loadYearlyTarget(ctx: AppContext, year: number): Promise<YearlyTargetState | null> {
  return lastRecordOf<YearlyTargetFields>(ctx, yearlyTargetStream(year));
}

/**
 * `userId`'s target for `year`, or null when none was set: the latest of their own stream and the
 * year's bulk assignments. `version` is their own stream's ('no_stream' when only a bulk assignment
 * set it), where a single edit appends.
 */
export async function loadUserTarget(ctx: AppContext, userId: number, year: number): Promise<UserTargetState | null> {
  const [own, assignments] = await Promise.all([
    ctx.store.readStream(userTargetStream(userId, year)) as Promise<UserTargetRecord[]>,
    readTargetAssignments(ctx, year),
  ]);
  const latest = latestUserTargetRecord(own, assignments, userId);
  return latest ? { ...latest, version: own.at(-1)?.streamVersion ?? 'no_stream' } : null;
}
