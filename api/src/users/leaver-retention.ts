import { fullName, isErasedPerson } from '@tht/contracts';
import { READ_MODEL_SCHEMA } from 'projections';
import { systemActor } from '../platform/commands';
import type { AppContext } from '../platform/context';
import { DomainError } from '../platform/decider';
import { eraseUser } from './erasure';

/** How often each API process looks for leavers due for erasure. */
export const RETENTION_CHECK_MS = 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * `ERASE_LEAVERS_AFTER_DAYS` (decision 038): erases, as the system, every person deactivated at
 * least `days` days ago and not erased yet; returns their ids. Another process erasing the same
 * person at once is no failure (the second is refused, 409).
 */
export async function eraseDueLeavers(ctx: AppContext, days: number): Promise<number[]> {
  const deactivatedBy = new Date(ctx.now().getTime() - days * DAY_MS);
  const leavers = await ctx.db
    .withSchema(READ_MODEL_SCHEMA)
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name'])
    .where('deactivated_at', '<=', deactivatedBy)
    .orderBy('id')
    .execute();
  const erased: number[] = [];
  for (const { id, first_name: firstName, last_name: lastName } of leavers) {
    if (isErasedPerson({ id, firstName, lastName })) continue;
    try {
      await eraseUser(ctx, id, fullName({ firstName, lastName }), systemActor());
      erased.push(id);
    } catch (error) {
      if (!(error instanceof DomainError && error.reason === 'conflict')) throw error;
    }
  }
  return erased;
}

export interface LeaverRetention {
  stop(): Promise<void>;
}

/** Runs `eraseDueLeavers` now and every RETENTION_CHECK_MS, one run at a time; a failed run is logged. */
export function startLeaverRetention(ctx: AppContext, days: number): LeaverRetention {
  let running: Promise<void> = Promise.resolve();
  const run = () => {
    running = running
      .then(async () => {
        const erased = await eraseDueLeavers(ctx, days);
        if (erased.length > 0)
          ctx.log.info(
            `Erased ${erased.length} leavers deactivated ${days}+ days ago (ERASE_LEAVERS_AFTER_DAYS): #${erased.join(', #')}`,
          );
      })
      .catch((error: unknown) =>
        ctx.log.error('Erasing the leavers due (ERASE_LEAVERS_AFTER_DAYS) failed; trying again later', error),
      );
  };
  const timer = setInterval(run, RETENTION_CHECK_MS);
  timer.unref();
  run();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
