import canonicalize from 'canonicalize';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson } from './canonical-json';

/** Any code unit now and then, so keys and strings include escapes, astral characters and lone surrogates. */
const codeUnit = fc.oneof(
  fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
  fc.constantFrom('"', '\\', '\n', '\u0000', '\u001f', '\u007f', '\u2028', 'é', '€', '\ud83d\ude00', '\ud800', '\udfff'),
  fc.integer({ min: 0, max: 0xffff }).map((unit) => String.fromCharCode(unit)),
);
const text = fc.string({ unit: codeUnit, maxLength: 8 });
const number = fc.oneof(
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
  fc.constantFrom(-0, 0, 1e21, 1e-7, 5e-324, Number.MAX_VALUE, Number.MIN_SAFE_INTEGER, 0.1 + 0.2, 123456789012345680000),
);
const { json } = fc.letrec((tie) => ({
  json: fc.oneof({ depthSize: 'small' }, fc.constant(null), fc.boolean(), number, text, tie('array'), tie('object')),
  array: fc.array(tie('json'), { maxLength: 5 }),
  object: fc.dictionary(fc.oneof(text, fc.constantFrom('1', '10', '2', '__proto__', 'a', 'B')), tie('json'), { maxKeys: 6 }),
}));

/** The package's text, or the fact that it refused the value. */
function outcome(canonicalise: (value: unknown) => string | undefined, value: unknown): string {
  try {
    return `text ${canonicalise(value)}`;
  } catch {
    return 'refused';
  }
}

describe('canonicalJson (RFC 8785)', () => {
  it('gives the text of the canonicalize package for any JSON value, refusing what it refuses', () => {
    fc.assert(
      fc.property(json, (value) => {
        expect(outcome(canonicalJson, value)).toBe(outcome(canonicalize, value));
      }),
      { numRuns: 2000 },
    );
  });

  it('gives the same text for values parsed from JSON, shapes repeated in a different key order', () => {
    fc.assert(
      fc.property(fc.array(json, { maxLength: 20 }), (values) => {
        const parsed: unknown = JSON.parse(JSON.stringify(values));
        expect(outcome(canonicalJson, parsed)).toBe(outcome(canonicalize, parsed));
        const reversed = (parsed as unknown[]).map(reverseKeys);
        expect(outcome(canonicalJson, reversed)).toBe(outcome(canonicalJson, parsed));
      }),
    );
  });

  it('follows the RFC: keys sorted by UTF-16 code units (U+1F600 before U+FB33), ES number form, minimal escapes', () => {
    expect(
      canonicalJson({ b: 1, a: [true, null, -0, 1e21, 1e-7, 0.000001], '\u20ac': 'x', '\ud83d\ude00': '\u2028', '\ufb33': '"\n' }),
    ).toBe('{"a":[true,null,0,1e+21,1e-7,0.000001],"b":1,"\u20ac":"x","\ud83d\ude00":"\u2028","\ufb33":"\\"\\n"}');
    expect(canonicalJson({ '10': 1, '2': 2, '1': 3 })).toBe('{"1":3,"10":1,"2":2}');
    expect(canonicalJson({ a: undefined, b: [undefined] })).toBe('{"b":[null]}');
  });

  it('refuses what is not JSON', () => {
    expect(() => canonicalJson(Number.NaN)).toThrow('NaN is not allowed');
    expect(() => canonicalJson([Infinity])).toThrow('Infinity is not allowed');
    expect(() => canonicalJson({ a: 'x\ud800' })).toThrow('Lone surrogate is not allowed');
    expect(() => canonicalJson({ '\udc00': 1 })).toThrow('Lone surrogate is not allowed');
    expect(() => canonicalJson(10n)).toThrow(TypeError);
  });
});

function reverseKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reverseKeys);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .reverse()
      .map(([key, member]) => [key, reverseKeys(member)]),
  );
}
