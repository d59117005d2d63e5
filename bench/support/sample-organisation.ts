import type pg from 'pg';
import { organisationHistory } from './organisation-history';
import { organisationPlan } from './organisation-plan';
import { seedHistory } from './seed-history';

const DEPARTMENTS = ['Engineering', 'Finance', 'People', 'Sales', 'Support', 'Legal'];
const idsFromOne = (count: number) => Array.from({ length: count }, (_, i) => i + 1);

/**
 * Seeds, straight into the event store's tables, an organisation of `people` people in six
 * departments and `entries` entries logged over the five years up to `now`, with ids from 1 (for
 * a database nothing else allocates ids in). Returns the number of events.
 */
export async function seedSampleOrganisation(
  pool: pg.Pool,
  { people, entries, now }: { people: number; entries: number; now: Date },
): Promise<number> {
  const years = Array.from({ length: 5 }, (_, i) => now.getUTCFullYear() - 4 + i);
  const plan = organisationPlan({ users: people, entries, years, seed: 23 });
  const ids = { users: idsFromOne(people), departments: idsFromOne(DEPARTMENTS.length), entries: idsFromOne(entries) };
  const from = new Date(Date.UTC(years[0]!, 0, 1));
  const history = organisationHistory({ plan, ids, departments: DEPARTMENTS, passwordHash: 'x', from, to: now, seed: 23 });
  return seedHistory(pool, history.appends(), history.timeOf);
}
