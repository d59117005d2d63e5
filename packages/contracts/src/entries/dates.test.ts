import { describe, expect, it } from 'vitest';
import { isValidEntryDate, monthDateRange, normaliseGridDate, yearDateRange } from './dates';

describe('normaliseGridDate', () => {
  it.each([
    ['1/2/2025', '2025-01-02'],
    ['01/02/2025', '2025-01-02'],
    ['12/31/2025', '2025-12-31'],
    ['2/29/2024', '2024-02-29'],
    ['2025-01-02', '2025-01-02'],
    ['2024-02-29', '2024-02-29'],
    [' 3/4/2025 ', '2025-03-04'],
    ['Jan 2, 2025', '2025-01-02'],
    ['2 January 2025', '2025-01-02'],
    ['1/1/1901', '1901-01-01'],
    ['12/31/2099', '2099-12-31'],
  ])('reads %j as %s', (raw, expected) => {
    expect(normaliseGridDate(raw)).toEqual({ ok: true, date: expected });
  });

  it('reads M/D/YYYY month first, never day first', () => {
    expect(normaliseGridDate('1/2/2025')).toEqual({ ok: true, date: '2025-01-02' });
    expect(normaliseGridDate('2025-02-01')).toEqual({ ok: true, date: '2025-02-01' });
  });

  it.each(['', '   ', 'abc', 'tomorrow', '5', '13/1/2025', '0/10/2025', '1/32/2025', '2025-13-01', '2025-02-30'])(
    'rejects %j as missing or invalid',
    (raw) => {
      expect(normaliseGridDate(raw)).toEqual({ ok: false, error: 'Missing or invalid date format' });
    },
  );

  it('rejects 29 February outside leap years instead of rolling into March', () => {
    expect(normaliseGridDate('2/29/2025')).toEqual({ ok: false, error: 'Missing or invalid date format' });
    expect(normaliseGridDate('2/29/1900')).toEqual({ ok: false, error: 'Missing or invalid date format' });
    expect(normaliseGridDate('2/29/2000')).toEqual({ ok: true, date: '2000-02-29' });
  });

  it('takes the years 1900 and 2100 in M/D/YYYY form but rejects them by the 1901-2099 bound', () => {
    expect(normaliseGridDate('1/1/1900')).toEqual({ ok: false, error: 'Invalid date format' });
    expect(normaliseGridDate('12/31/2100')).toEqual({ ok: false, error: 'Invalid date format' });
    expect(normaliseGridDate('1900-06-01')).toEqual({ ok: false, error: 'Invalid date format' });
    expect(normaliseGridDate('1/1/1899')).toEqual({ ok: false, error: 'Invalid date format' });
  });
});

describe('isValidEntryDate', () => {
  it('accepts real YYYY-MM-DD dates from 1901 to 2099', () => {
    expect(isValidEntryDate('2025-12-31')).toBe(true);
    expect(isValidEntryDate('2024-02-29')).toBe(true);
    expect(isValidEntryDate('1901-01-01')).toBe(true);
    expect(isValidEntryDate('2099-12-31')).toBe(true);
  });

  it.each(['2025-02-29', '2025-04-31', '1900-12-31', '2100-01-01', '1/2/2025', '2025-1-2', '2025-01-02T00:00:00Z', ''])(
    'rejects %j',
    (text) => {
      expect(isValidEntryDate(text)).toBe(false);
    },
  );
});

describe('date ranges', () => {
  it('covers a whole year', () => {
    expect(yearDateRange(2024)).toEqual({ from: '2024-01-01', to: '2024-12-31' });
  });

  it('covers the month of a day, 29 days in February of a leap year', () => {
    expect(monthDateRange(new Date(2024, 1, 10))).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    expect(monthDateRange(new Date(2025, 11, 31))).toEqual({ from: '2025-12-01', to: '2025-12-31' });
  });
});
