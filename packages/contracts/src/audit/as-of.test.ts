import { describe, expect, it } from 'vitest';
import { latestAsOfDay, parseAsOfMoment } from './as-of';

describe('the day a dashboard can show as of', () => {
  it('is yesterday in UTC: the end of today has not come yet', () => {
    expect(latestAsOfDay(new Date('2026-07-01T00:30:00Z'))).toBe('2026-06-30');
    expect(latestAsOfDay(new Date('2026-07-01T23:59:00Z'))).toBe('2026-06-30');
    const latest = parseAsOfMoment(latestAsOfDay(new Date()))!;
    expect(latest.recordedBy.getTime()).toBeLessThan(Date.now());
  });
});
