import type { AppendResult } from '@tht/eventstore';
import type { NameClaim } from './decider';

/** Holding and freeing one owner's names on their reservation streams (reservations.ts). */
export interface NameHolder {
  /** Runs `work` while holding `name` (a 409 when another owner holds it); frees it again when `work` fails. */
  whileHolding(name: string, work: () => Promise<AppendResult>): Promise<AppendResult>;
  free(name: string): Promise<void>;
}

/** Appends while holding the name the change takes, then frees the one it gives up. */
export async function appendClaiming(
  holder: NameHolder,
  { take, giveUp }: NameClaim,
  append: () => Promise<AppendResult>,
): Promise<AppendResult> {
  const appended = take === undefined ? await append() : await holder.whileHolding(take, append);
  if (giveUp !== undefined) await holder.free(giveUp);
  return appended;
}
