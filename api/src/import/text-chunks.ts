/**
 * Text read from a file a chunk at a time, as the import reads its CSVs and workbook sheets.
 *
 * Each chunk is decoded whole, not through a decoder's stream (whose text V8 stores two bytes a
 * character even when it is ASCII), so a chunk is cut before a character that it does not hold
 * whole. Texts cut from a chunk share its memory (V8 keeps the whole chunk alive for each slice),
 * so what is kept longer than the chunk is copied with `flatCopy`.
 */

/** How many of `bytes` end with a whole UTF-8 character: all, or up to the lead byte of a character cut off at the end. */
export function wholeCharactersLength(bytes: Uint8Array): number {
  let lead = bytes.length - 1;
  // A character has at most 3 continuation bytes (10xxxxxx) after its lead byte.
  for (let back = 0; lead >= 0 && back < 3 && (bytes[lead]! & 0xc0) === 0x80; back += 1) lead -= 1;
  if (lead < 0) return bytes.length;
  const first = bytes[lead]!;
  const size = first >= 0xf0 ? 4 : first >= 0xe0 ? 3 : first >= 0xc0 ? 2 : 1;
  return lead + size > bytes.length ? lead : bytes.length;
}

/** Decodes a stream of UTF-8 chunks, each whole, a character cut at a chunk's end carried over to the next. */
export class ChunkDecoder {
  private carried: Uint8Array | null = null;
  private readonly decoder: TextDecoder;

  constructor(options: TextDecoderOptions = {}) {
    this.decoder = new TextDecoder('utf-8', { ignoreBOM: true, ...options });
  }

  /** The text of `chunk` (after what was carried), less a last character it does not hold whole. */
  decode(chunk: Uint8Array): string {
    const bytes = this.carried ? Buffer.concat([this.carried, chunk]) : chunk;
    const whole = wholeCharactersLength(bytes);
    this.carried = whole < bytes.length ? bytes.slice(whole) : null;
    return this.decoder.decode(bytes.subarray(0, whole));
  }

  /** What is still carried, at the end of the stream. */
  end(): string {
    const rest = this.carried ? this.decoder.decode(this.carried) : '';
    this.carried = null;
    return rest;
  }
}

/**
 * A copy of `text` that shares no memory with the string it was cut from (V8 keeps a whole parent
 * string alive for each slice of it: a chunk of the file's text for a cell).
 */
export function flatCopy(text: string): string {
  return text.length === 0 ? '' : (' ' + text).slice(1);
}
