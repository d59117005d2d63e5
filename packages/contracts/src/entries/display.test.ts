import { describe, expect, it } from 'vitest';
import { formatEntryDate, formatEntryHours, formatRating } from './display';

describe('entry display', () => {
  it('writes dates as people read them, and leaves anything else as it is', () => {
    expect(formatEntryDate('2025-03-14')).toBe('14 Mar 2025');
    expect(formatEntryDate('soon')).toBe('soon');
  });

  it('writes hours with their unit and ratings out of 5', () => {
    expect(formatEntryHours({ hours: '1' })).toBe('1 hour');
    expect(formatEntryHours({ hours: '2.5' })).toBe('2.5 hours');
    expect(formatRating(4)).toBe('4/5');
    expect(formatRating(0)).toBe('Not rated');
  });
});
