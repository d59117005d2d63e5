import { describe, expect, it } from 'vitest';
import { newerReadAfter, positionOfReadAfter, readAfterToken } from './read-after';

const position = (transaction: number, index: number) =>
  `${String(transaction).padStart(20, '0')}-${String(index).padStart(20, '0')}`;

describe('the read-after token', () => {
  it('names the position it was made of', () => {
    expect(positionOfReadAfter(readAfterToken(position(754, 3)))).toBe(position(754, 3));
  });

  it.each([
    ['empty', ''],
    ['a bare position', position(1, 1)],
    ['another version', `v2.${position(1, 1)}`],
    ['a short position', 'v1.1-1'],
    ['trailing text', `${readAfterToken(position(1, 1))} `],
    ['letters', 'v1.0000000000000000000a-00000000000000000001'],
  ])('is refused when %s', (_case, token) => {
    expect(positionOfReadAfter(token)).toBeNull();
  });

  it('keeps the newer of two tokens, whichever comes first', () => {
    const older = readAfterToken(position(9, 500));
    const newer = readAfterToken(position(10, 1));
    expect(newerReadAfter(older, newer)).toBe(newer);
    expect(newerReadAfter(newer, older)).toBe(newer);
    expect(newerReadAfter(newer, newer)).toBe(newer);
  });

  it('prefers any token to none or to one it cannot read', () => {
    const token = readAfterToken(position(1, 1));
    expect(newerReadAfter(null, token)).toBe(token);
    expect(newerReadAfter(token, undefined)).toBe(token);
    expect(newerReadAfter('garbage', token)).toBe(token);
    expect(newerReadAfter(token, 'garbage')).toBe(token);
    expect(newerReadAfter('garbage', null)).toBeNull();
  });
});
