import { describeOrganisation, ORGANISATION_SIZES, organisationHistory, seedHistory } from '@tht/test-kit/organisation';
import type pg from 'pg';

/**
 * Seeds, straight into the event store's tables, the history of the test kit's benchmark
 * organisation with `people` people and `entries` entries logged over the five years up to `now`,
 * with ids from 1 (for a database nothing else allocates ids in). Returns the number of events.
 */
export async function seedSampleOrganisation(
  pool: pg.Pool,
  { people, entries, now }: { people: number; entries: number; now: Date },
): Promise<number> {
  const organisation = describeOrganisation({ ...ORGANISATION_SIZES.benchmark, people, entries });
  const from = new Date(Date.UTC(now.getUTCFullYear() - 4, 0, 1));
  const history = organisationHistory(organisation, { from, to: now, seed: 23 });
  return seedHistory(pool, history.appends(), { timeOf: history.timeOf });
}
