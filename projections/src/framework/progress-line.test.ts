import { describe, expect, it } from 'vitest';
import { progressLine } from './progress-line';

describe('progressLine', () => {
  it('shows the bar, events done of the total, the rate and the time left', () => {
    expect(
      progressLine({ phase: 'replaying', done: 50_000, total: 200_000, eventsPerSecond: 49_876.4, secondsLeft: 3.01 }, 20),
    ).toBe('[#####---------------]  25% 50,000/200,000 events  49,876 events/s  4s left');
    expect(progressLine({ phase: 'replaying', done: 120, total: 1_000_000, eventsPerSecond: 1000, secondsLeft: 999.88 }, 10)).toBe(
      '[----------]   0% 120/1,000,000 events  1,000 events/s  16m40s left',
    );
  });

  it('says when it swaps, indexes and when it is done, also without a known total', () => {
    expect(progressLine({ phase: 'swapping', done: 10, total: 10, eventsPerSecond: 5, secondsLeft: 0 }, 4)).toBe(
      '[####] 100% 10/10 events  5 events/s  swapping in',
    );
    expect(progressLine({ phase: 'indexing', done: 10, total: 40, eventsPerSecond: 5, secondsLeft: 6 }, 4)).toBe(
      '[#---]  25% 10/40 events  5 events/s  indexing',
    );
    expect(progressLine({ phase: 'done', done: 7, total: null, eventsPerSecond: 7, secondsLeft: 0 }, 4)).toBe(
      '[####] 100% 7 events  7 events/s  done',
    );
  });
});
