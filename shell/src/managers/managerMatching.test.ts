import { describe, expect, it } from 'vitest';
import { managerNamed, managerSuggestions } from './managerMatching';

const people = Array.from({ length: 12 }, (_, index) => ({
  id: index + 1,
  firstName: `Person${index + 1}`,
  lastName: 'Smith',
  username: `p${index + 1}@example.com`,
}));
const ann = { id: 99, firstName: 'Ann', lastName: 'Lee', username: 'boss@example.com' };

describe('managerSuggestions', () => {
  it('matches full name or username, case-insensitively', () => {
    expect(managerSuggestions([...people, ann], 'ann lee')).toEqual([ann]);
    expect(managerSuggestions([...people, ann], 'BOSS@')).toEqual([ann]);
    expect(managerSuggestions([...people, ann], 'nobody')).toEqual([]);
  });

  it('gives at most 10 suggestions', () => {
    expect(managerSuggestions(people, 'smith')).toHaveLength(10);
  });
});

describe('managerNamed', () => {
  it('needs the exact full name', () => {
    expect(managerNamed([ann], 'Ann Lee')).toBe(ann);
    expect(managerNamed([ann], ' Ann Lee ')).toBe(ann);
    expect(managerNamed([ann], 'ann lee')).toBeUndefined();
    expect(managerNamed([ann], 'Ann')).toBeUndefined();
  });
});
