import { describe, expect, it } from 'vitest';
import { entryManagerId } from './entry-manager';

const grace = { id: 3, firstName: 'Grace', lastName: 'Hopper' };
const otherGrace = { id: 4, firstName: 'Grace', lastName: 'Hopper' };
const max = { id: 5, firstName: 'Max', lastName: 'Manager' };

describe('the account an entry’s manager name names', () => {
  it('is the one account of that full name, trimmed and case aside', () => {
    expect(entryManagerId('  grace   HOPPER ', null, [grace, max])).toBe(3);
    expect(entryManagerId('Max Manager', 3, [grace, max])).toBe(5);
  });

  it('is the owner’s manager among namesakes, and no one when the namesakes are others', () => {
    expect(entryManagerId('Grace Hopper', 4, [grace, otherGrace])).toBe(4);
    expect(entryManagerId('Grace Hopper', 5, [grace, otherGrace, max])).toBeNull();
    expect(entryManagerId('Grace Hopper', null, [grace, otherGrace])).toBeNull();
  });

  it('is no one for a name no account has, or none typed', () => {
    expect(entryManagerId('Grace', 3, [grace])).toBeNull();
    expect(entryManagerId('', 3, [grace])).toBeNull();
    expect(entryManagerId('Grace Hopper', null, [])).toBeNull();
  });
});
