import { describe, expect, it } from 'vitest';
import { isActiveEmployee } from './active-employees';

describe('isActiveEmployee', () => {
  it('counts a person with at least one entry dated in the year', () => {
    expect(isActiveEmployee({ entries: 1 })).toBe(true);
    expect(isActiveEmployee({ entries: 12 })).toBe(true);
    expect(isActiveEmployee({ entries: 0 })).toBe(false);
  });
});
