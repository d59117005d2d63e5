// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { moveTo, readStoredOrder } from './storedOrder';

const DEFAULT = ['progress', 'stats', 'entries'] as const;

describe('readStoredOrder', () => {
  beforeEach(() => localStorage.clear());

  it('gives the default order when nothing or something unreadable is stored', () => {
    expect(readStoredOrder('order', DEFAULT)).toEqual(DEFAULT);
    localStorage.setItem('order', '{not json');
    expect(readStoredOrder('order', DEFAULT)).toEqual(DEFAULT);
    localStorage.setItem('order', '{"a":1}');
    expect(readStoredOrder('order', DEFAULT)).toEqual(DEFAULT);
  });

  it('keeps the stored order, drops unknown and repeated ids and appends sections it does not mention', () => {
    localStorage.setItem('order', JSON.stringify(['entries', 'old-section', 'entries', 7]));
    expect(readStoredOrder('order', DEFAULT)).toEqual(['entries', 'progress', 'stats']);
  });
});

describe('moveTo', () => {
  it('moves an item to a position, clamped to the list', () => {
    expect(moveTo(['a', 'b', 'c'], 'a', 2)).toEqual(['b', 'c', 'a']);
    expect(moveTo(['a', 'b', 'c'], 'c', 0)).toEqual(['c', 'a', 'b']);
    expect(moveTo(['a', 'b', 'c'], 'b', 9)).toEqual(['a', 'c', 'b']);
    expect(moveTo(['a', 'b', 'c'], 'b', -1)).toEqual(['b', 'a', 'c']);
    expect(moveTo(['a', 'b'], 'z', 0)).toEqual(['a', 'b']);
  });
});
