import { describe, expect, it } from 'vitest';
import { comparisonText } from './comparison';

describe('comparisonText', () => {
  it('gives the change from the year before with its figure', () => {
    expect(comparisonText(20, 16, 2024)).toBe('+25% vs 2024 (16)');
    expect(comparisonText(5, 8, 2024)).toBe('-38% vs 2024 (8)');
    expect(comparisonText(8, 8, 2024)).toBe('No change vs 2024 (8)');
  });

  it('says so when the year before has nothing to compare with', () => {
    expect(comparisonText(4, 0, 2024)).toBe('No figures for 2024');
  });
});
