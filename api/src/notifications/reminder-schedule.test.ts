import { describe, expect, it } from 'vitest';
import { scheduledRuns } from './reminder-schedule';

describe('the reminders due on a day', () => {
  it('are the monthly kinds as of the 1st, caught up for a week, and the certificates of the day', () => {
    expect(scheduledRuns('2026-11-01')).toEqual([
      { kind: 'behind-pace', asOf: '2026-11-01' },
      { kind: 'team', asOf: '2026-11-01' },
      { kind: 'certificate-expiring', asOf: '2026-11-01' },
    ]);
    expect(scheduledRuns('2026-11-07')).toContainEqual({ kind: 'team', asOf: '2026-11-01' });
    expect(scheduledRuns('2026-11-08')).toEqual([{ kind: 'certificate-expiring', asOf: '2026-11-08' }]);
  });

  it('hold year-end from 1 December, 30 days before the fiscal year ends, for a week', () => {
    expect(scheduledRuns('2026-11-30')).not.toContainEqual(expect.objectContaining({ kind: 'year-end' }));
    expect(scheduledRuns('2026-12-01')).toContainEqual({ kind: 'year-end', asOf: '2026-12-01' });
    expect(scheduledRuns('2026-12-07')).toContainEqual({ kind: 'year-end', asOf: '2026-12-01' });
    expect(scheduledRuns('2026-12-08')).not.toContainEqual(expect.objectContaining({ kind: 'year-end' }));
  });
});
