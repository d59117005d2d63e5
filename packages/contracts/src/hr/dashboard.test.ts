import { describe, expect, it } from 'vitest';
import { innovationRatePercent, organisationProgress, previewText } from './dashboard';

describe('previewText', () => {
  it('keeps short notes and cuts long ones at the limit with an ellipsis', () => {
    expect(previewText('  Short note ', 100)).toBe('Short note');
    expect(previewText('x'.repeat(100), 100)).toBe('x'.repeat(100));
    expect(previewText(`${'y'.repeat(99)} and more`, 100)).toBe(`${'y'.repeat(99)}...`);
  });
});

describe('innovationRatePercent', () => {
  it('is innovative entries over all entries, as a whole percent, 0 without entries', () => {
    expect(innovationRatePercent(1, 3)).toBe(33);
    expect(innovationRatePercent(2, 3)).toBe(67);
    expect(innovationRatePercent(0, 0)).toBe(0);
  });
});

describe('organisationProgress', () => {
  it('is on track from 80% of the elapsed share and says how many hours are missing otherwise', () => {
    // Half the year gone: on track from 40% of the target, i.e. 400 of 1000 hours.
    expect(organisationProgress(400, { targetHours: 1000, description: null }, 0.5)).toEqual({
      targetHours: 1000,
      description: null,
      progressPercent: 40,
      onTrack: true,
      hoursToGetBackOnTrack: 0,
    });
    expect(organisationProgress(350.5, { targetHours: 1000, description: 'Goal' }, 0.5)).toMatchObject({
      progressPercent: 35,
      onTrack: false,
      hoursToGetBackOnTrack: 50,
    });
    expect(organisationProgress(2500, { targetHours: 1000, description: null }, 1)).toMatchObject({
      progressPercent: 100,
      onTrack: true,
    });
  });
});
