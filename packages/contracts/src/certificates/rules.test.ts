import { describe, expect, it } from 'vitest';
import { describeDaysLeft } from './rules';

describe('describeDaysLeft', () => {
  it('counts down to the date, which is the last valid day, and counts up once it has passed', () => {
    expect(describeDaysLeft(60)).toBe('Expires in 60 days');
    expect(describeDaysLeft(1)).toBe('Expires in 1 day');
    expect(describeDaysLeft(0)).toBe('Expires today');
    expect(describeDaysLeft(-1)).toBe('Expired 1 day ago');
    expect(describeDaysLeft(-12)).toBe('Expired 12 days ago');
  });
});
