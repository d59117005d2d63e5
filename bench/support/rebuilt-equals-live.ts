import { createEventStore } from '@tht/eventstore';
import { createDb } from '@tht/postgres';
import type pg from 'pg';
import { allProjectors, rebuildReadModels } from 'projections';
import { readModelDigest } from 'projections/testing/read-model-snapshot';
import { emitRow, timedRow } from './report';
import { secondsSince } from './seed';

/**
 * The read models the product's runners left (a rebuild aside, then the upgrade's writes applied
 * live) against a rebuild of the whole log from scratch: every table's rows and their digest
 * (`readModelDigest`) equal (issue 33).
 */
export async function rebuiltEqualsLive(pool: pg.Pool): Promise<void> {
  const db = createDb(pool);
  const live = await readModelDigest(db);
  const store = createEventStore({ pool });
  try {
    const started = performance.now();
    const rebuilt = await rebuildReadModels({ pool, store, projectors: allProjectors });
    const seconds = secondsSince(started);
    const again = await readModelDigest(db);
    const differing = [...new Set([...Object.keys(live), ...Object.keys(again)])].filter((table) => live[table] !== again[table]);
    const met = differing.length === 0;
    console.log(
      `  rebuilt against live: ${met ? 'equal' : `DIFFERENT in ${differing.map((t) => `${t} (${live[t]} / ${again[t]})`).join(', ')}`}; ` +
        `${Object.keys(live).length} tables, entries ${live.entries}`,
    );
    emitRow(
      timedRow(
        'the read models rebuilt from scratch against the live ones, every table',
        rebuilt.events,
        'events',
        seconds,
        'equal row for row',
        met,
        `${Object.keys(live).length} tables, entries ${live.entries}`,
      ),
    );
  } finally {
    await store.close();
  }
}
