import { describe, expect, it } from 'vitest';
import { consecutiveRuns } from './kurrentdb-event-store';

describe('consecutiveRuns: the reads of a stream selection on KurrentDB', () => {
  it('gives one run per stretch of consecutive versions, in order, each version once', () => {
    expect(consecutiveRuns([7, 1, 2, 3, 3, 9, 10])).toEqual([
      { start: 1, count: 3 },
      { start: 7, count: 1 },
      { start: 9, count: 2 },
    ]);
    expect(consecutiveRuns([])).toEqual([]);
  });
});
