import { describeOrganisation, ORGANISATION_SIZES, organisationHistory, type HistoryAppend } from '@tht/test-kit/organisation';

const HISTORY_START = new Date(Date.UTC(2026, 0, 5));

/**
 * The test kit's history of an organisation of one person for every 60 events (at least the small
 * size's), one append a minute from 5 January 2026, cut after about `events` events (an append
 * holds one, a few for the custom field), for the test kit's `seedHistory` (whose default times match).
 */
export function* historyOfAbout(events: number): Generator<HistoryAppend> {
  const people = Math.max(ORGANISATION_SIZES.small.people, Math.round(events / 60));
  const organisation = describeOrganisation({ ...ORGANISATION_SIZES.small, people, entries: events });
  let count = 0;
  for (const append of organisationHistory(organisation, { from: HISTORY_START }).appends()) {
    count += append.events.length;
    if (count > events) return;
    yield append;
  }
}
