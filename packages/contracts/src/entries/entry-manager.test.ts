import { describe, expect, it } from 'vitest';
import { accountsByFullName, entryManagerId, type NamedAccount } from './entry-manager';

const grace = { id: 3, firstName: 'Grace', lastName: 'Hopper' };
const otherGrace = { id: 4, firstName: 'Grace', lastName: 'Hopper' };
const max = { id: 5, firstName: 'Max', lastName: 'Manager' };
const among = (...accounts: NamedAccount[]) => accountsByFullName(accounts);

describe('the account an entry’s manager name names', () => {
  it('is the one account of that full name, trimmed and case aside', () => {
    expect(entryManagerId('  grace   HOPPER ', null, among(grace, max))).toBe(3);
    expect(entryManagerId('Max Manager', 3, among(grace, max))).toBe(5);
    expect(entryManagerId('Ada Lovelace', null, among({ id: 6, firstName: ' ADA ', lastName: 'lovelace  ' }))).toBe(6);
  });

  it('is the owner’s manager among namesakes, and no one when the namesakes are others', () => {
    expect(entryManagerId('Grace Hopper', 4, among(grace, otherGrace))).toBe(4);
    expect(entryManagerId('Grace Hopper', 5, among(grace, otherGrace, max))).toBeNull();
    expect(entryManagerId('Grace Hopper', null, among(grace, otherGrace))).toBeNull();
  });

  it('is no one for a name no account has, or none typed', () => {
    expect(entryManagerId('Grace', 3, among(grace))).toBeNull();
    expect(entryManagerId('', 3, among(grace))).toBeNull();
    expect(entryManagerId('Grace Hopper', null, among())).toBeNull();
  });
});
