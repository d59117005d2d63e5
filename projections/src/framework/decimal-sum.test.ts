import { describe, expect, it } from 'vitest';
import { DecimalSum } from './decimal-sum';

const sum = (...terms: (string | [string, -1])[]) => {
  const total = new DecimalSum();
  for (const term of terms) {
    if (typeof term === 'string') total.add(term);
    else total.add(...term);
  }
  return total.toString();
};

describe('DecimalSum', () => {
  it('adds decimal texts exactly, trailing zeros trimmed', () => {
    expect(sum('0.1', '0.2')).toBe('0.3');
    expect(sum('1.50', '0.25', ['0.25', -1])).toBe('1.5');
    expect(sum('7.5', '2.5')).toBe('10');
    expect(sum('12', '0.125')).toBe('12.125');
  });

  it('is zero when nothing or everything was taken back, and goes below zero', () => {
    expect(sum()).toBe('0');
    expect(sum('3.25', ['3.25', -1])).toBe('0');
    expect(sum('0.5', ['0.75', -1])).toBe('-0.25');
    expect(sum(['2', -1])).toBe('-2');
    const total = new DecimalSum();
    total.add('1.5');
    total.add('1.50', -1);
    expect(total.isZero()).toBe(true);
  });

  it('reads the forms PostgreSQL reads as numerics', () => {
    expect(sum('.5', '1.', '+2')).toBe('3.5');
    expect(sum('-1.5', '4')).toBe('2.5');
    expect(sum('1e2', '2.5E-1')).toBe('100.25');
    expect(sum('1e-7')).toBe('0.0000001');
  });

  it('refuses text that is not a number', () => {
    expect(() => sum('abc')).toThrow('Not a decimal number: "abc"');
    expect(() => sum('.')).toThrow();
    expect(() => sum('')).toThrow();
  });
});
