import { describeOrganisation, ORGANISATION_SIZES, organisationHistory, seedHistory } from '@tht/test-kit/organisation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allProjectors } from '../all-projectors';
import { rebuildReadModels } from './rebuild';
import { SAMPLE_HISTORY_START } from './testing/append-history';
import { startLiveReadModels, type LiveReadModels } from './testing/live-read-models';
import { readModelDigest } from './testing/read-model-snapshot';

/** An organisation's history of about 230,000 events (issue 33: the comparison at 200k events in CI). */
const ORGANISATION = describeOrganisation({ ...ORGANISATION_SIZES.benchmark, people: 2_000, entries: 200_000 });
/** After the last event of the history (one a minute from its start). */
const AFTER_THE_HISTORY = new Date('2100-01-01T00:00:00.000Z');

describe('rebuildReadModels at 200,000 entries', () => {
  let live: LiveReadModels;

  beforeAll(async () => {
    // The runner's own batch sizes (1,000, growing to 2,000 while catching up), not a replay's 10,000.
    live = await startLiveReadModels(allProjectors, 1_000);
  });
  afterAll(() => live?.stop());

  it('gives the read models the live runner made of the history, row for row', async () => {
    const { database, store, waiter } = live;
    const history = organisationHistory(ORGANISATION, { from: SAMPLE_HISTORY_START, seed: 23 });
    const events = await seedHistory(database.pool, history.appends(), { timeOf: history.timeOf });
    expect(events).toBeGreaterThan(200_000);
    const head = await store.lastPositionBy!(AFTER_THE_HISTORY);
    expect(await waiter.waitFor(head!, 300_000)).toBe(true);
    const liveDigest = await readModelDigest(database.db);
    expect(Number.parseInt(liveDigest.entries!)).toBeGreaterThan(190_000); // less the deleted ones

    // The digest sees one changed value among 200,000 rows, and the rebuild puts it back.
    await database.pool.query(
      'UPDATE read_models.entries SET hours = hours + 1 WHERE id = (SELECT min(id) FROM read_models.entries)',
    );
    expect((await readModelDigest(database.db)).entries).not.toBe(liveDigest.entries);

    const rebuilt = await rebuildReadModels({ pool: database.pool, store, projectors: allProjectors });

    expect(rebuilt.events).toBe(events);
    expect(await readModelDigest(database.db)).toEqual(liveDigest);
  }, 600_000);
});
