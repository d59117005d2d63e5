import { describe, expect, it } from 'vitest';
import { averageHoursPerEmployee, changePercent, completedPercentLabel, smtTargetProgress, yearFigures } from './overview';

describe('averageHoursPerEmployee and yearFigures', () => {
  it('divides the hours among the active employees, to one decimal, 0 without any', () => {
    expect(averageHoursPerEmployee(20.75, 3)).toBe(6.9);
    expect(averageHoursPerEmployee(10, 4)).toBe(2.5);
    expect(averageHoursPerEmployee(5, 0)).toBe(0);
    expect(yearFigures(20.75, 3)).toEqual({ activeEmployees: 3, totalHours: 20.75, averageHoursPerEmployee: 6.9 });
  });
});

describe('changePercent', () => {
  it('is the change from the previous year in whole percent, null when the previous year had nothing', () => {
    expect(changePercent(15, 10)).toBe(50);
    expect(changePercent(7.5, 10)).toBe(-25);
    expect(changePercent(5, 8)).toBe(-38);
    expect(changePercent(11, 8)).toBe(38);
    expect(changePercent(10, 10)).toBe(0);
    expect(changePercent(10, 0)).toBeNull();
  });
});

describe('completedPercentLabel', () => {
  it('keeps one decimal, rounded down, so the label never claims a threshold the badge refuses', () => {
    expect(completedPercentLabel(749, 1000)).toBe(74.9);
    expect(completedPercentLabel(749.75, 1000)).toBe(74.9);
    expect(completedPercentLabel(750, 1000)).toBe(75);
    expect(completedPercentLabel(57, 100)).toBe(57);
    expect(completedPercentLabel(2850, 10000)).toBe(28.5);
    expect(completedPercentLabel(1250, 1000)).toBe(125);
  });
});

describe('smtTargetProgress', () => {
  const target = { targetHours: 1000, description: 'Grow' };

  it('reads Needs Attention at 74.9%, On Track at 75% and Complete at 100%', () => {
    expect(smtTargetProgress(749, target, 1)).toMatchObject({
      completedPercent: 74.9,
      progressPercent: 75,
      badge: 'Needs Attention',
    });
    expect(smtTargetProgress(750, target, 1)).toMatchObject({ completedPercent: 75, badge: 'On Track' });
    expect(smtTargetProgress(999.75, target, 1)).toMatchObject({ completedPercent: 99.9, progressPercent: 100, badge: 'On Track' });
    expect(smtTargetProgress(1000, target, 1)).toMatchObject({ completedPercent: 100, badge: 'Complete' });
  });

  it('checks on track against 80% of the elapsed share, whatever the badge says', () => {
    // Half the year gone: on track from 40% of the target.
    expect(smtTargetProgress(400, target, 0.5)).toEqual({
      targetHours: 1000,
      description: 'Grow',
      progressPercent: 40,
      onTrack: true,
      hoursToGetBackOnTrack: 0,
      completedPercent: 40,
      badge: 'Needs Attention',
    });
    expect(smtTargetProgress(399.75, target, 0.5)).toMatchObject({ onTrack: false, hoursToGetBackOnTrack: 1 });
  });
});
