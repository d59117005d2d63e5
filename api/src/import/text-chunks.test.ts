import { describe, expect, it } from 'vitest';
import { ChunkDecoder, wholeCharactersLength } from './text-chunks';

describe('text a chunk at a time', () => {
  const text = 'a é ✓ 😀 z';
  const bytes = Buffer.from(text);

  it('cuts a chunk before a character it does not hold whole', () => {
    expect(wholeCharactersLength(bytes)).toBe(bytes.length);
    const cuts = Array.from({ length: bytes.length + 1 }, (_, end) => wholeCharactersLength(bytes.subarray(0, end)));
    // Every cut is a character boundary at most 3 bytes back.
    for (const [end, cut] of cuts.entries()) {
      expect(end - cut).toBeLessThanOrEqual(3);
      expect(Buffer.from(bytes.subarray(0, cut).toString('utf8')).length).toBe(cut);
    }
  });

  it('decodes the same text however the bytes are cut', () => {
    for (const size of [1, 2, 3, 5]) {
      const decoder = new ChunkDecoder({ fatal: true });
      let decoded = '';
      for (let start = 0; start < bytes.length; start += size) decoded += decoder.decode(bytes.subarray(start, start + size));
      expect(decoded + decoder.end()).toBe(text);
    }
  });
});
