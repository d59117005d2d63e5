import zlib from 'node:zlib';
import type { SignedInTestUser } from '../../testing/accounts';

/**
 * Builders of the files an attacker might upload: zip archives whose directory says what the test
 * wants (sizes that lie, methods, ZIP64 fields), deflate bombs, and the product's own export with
 * a part changed.
 */

export interface ZipPart {
  name: string;
  /** What the part holds once inflated (or the raw deflate stream, with `deflated`). */
  content: Buffer | string;
  /** `content` is already a raw deflate stream (a bomb), stored as it is with method 8. */
  deflated?: boolean;
  /** Stored (method 0) instead of deflated. */
  stored?: boolean;
  /** The uncompressed size the directory states (default: the true one). */
  declaredSize?: number;
  /** States the sizes in a ZIP64 extra field, with this uncompressed size (default: the true one). */
  zip64Size?: bigint;
}

const u16 = (value: number) => Buffer.from([value & 0xff, (value >> 8) & 0xff]);
const u32 = (value: number) => {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32LE(value >>> 0);
  return bytes;
};
const u64 = (value: bigint) => {
  const bytes = Buffer.alloc(8);
  bytes.writeBigUInt64LE(value);
  return bytes;
};

/** A zip archive of `parts`, its directory stating the sizes each part asks for. */
export function zipOf(parts: readonly ZipPart[]): Buffer {
  const locals: Buffer[] = [];
  const entries: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const raw = Buffer.from(part.content);
    const data = part.deflated || part.stored ? raw : zlib.deflateRawSync(raw);
    const size = part.deflated ? 0 : raw.length;
    const name = Buffer.from(part.name);
    const method = part.stored ? 0 : 8;
    const crc = part.deflated ? 0 : zlib.crc32(raw);
    const declared = part.declaredSize ?? size;
    const zip64 =
      part.zip64Size === undefined ? null : Buffer.concat([u16(1), u16(16), u64(part.zip64Size), u64(BigInt(data.length))]);
    const [uncompressed, compressed] = zip64 ? [0xffffffff, 0xffffffff] : [declared, data.length];
    const extra = zip64 ?? Buffer.alloc(0);
    locals.push(
      Buffer.concat([
        u32(0x04034b50), u16(45), u16(0), u16(method), u32(0), u32(crc), u32(compressed), u32(uncompressed),
        u16(name.length), u16(extra.length), name, extra, data,
      ]), // prettier-ignore
    );
    entries.push(
      Buffer.concat([
        u32(0x02014b50), u16(45), u16(45), u16(0), u16(method), u32(0), u32(crc), u32(compressed), u32(uncompressed),
        u16(name.length), u16(extra.length), u16(0), u16(0), u16(0), u32(0), u32(offset), name, extra,
      ]), // prettier-ignore
    );
    offset += locals.at(-1)!.length;
  }
  const directory = Buffer.concat(entries);
  const end = Buffer.concat([
    u32(0x06054b50), u16(0), u16(0), u16(parts.length), u16(parts.length), u32(directory.length), u32(offset), u16(0),
  ]); // prettier-ignore
  return Buffer.concat([...locals, directory, end]);
}

/** The last (empty, stored) block that ends a raw deflate stream. */
const FINAL_BLOCK = Buffer.from([0x01, 0x00, 0x00, 0xff, 0xff]);

/**
 * A raw deflate stream of `prefix` then `mebibytes` MiB of `filler` (a few KB per MiB of spaces):
 * one MiB deflated and flushed so that it stands alone, repeated.
 */
export function deflateBomb(mebibytes: number, filler = ' ', prefix = ''): Buffer {
  const head = zlib.deflateRawSync(prefix, { finishFlush: zlib.constants.Z_FULL_FLUSH });
  const block = zlib.deflateRawSync(filler.repeat((1024 * 1024) / filler.length), {
    level: 9,
    finishFlush: zlib.constants.Z_FULL_FLUSH,
  });
  return Buffer.concat([head, ...Array.from({ length: mebibytes }, () => block), FINAL_BLOCK]);
}

/** The parts of a minimal workbook of one sheet `Entries`, its sheet XML and shared strings given. */
export function workbookParts(sheetXml: string | Buffer, sharedStringsXml?: string | Buffer): ZipPart[] {
  return [
    {
      name: 'xl/workbook.xml',
      content: '<workbook><sheets><sheet name="Entries" sheetId="1" r:id="rId1"/></sheets></workbook>',
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      content: '<Relationships><Relationship Id="rId1" Target="worksheets/sheet1.xml"/></Relationships>',
    },
    { name: 'xl/worksheets/sheet1.xml', content: sheetXml },
    ...(sharedStringsXml === undefined ? [] : [{ name: 'xl/sharedStrings.xml', content: sharedStringsXml }]),
  ];
}

/** The entries workbook of GET /api/export?format=xlsx, as `admin` downloads it. */
export async function exportedWorkbook(app: { baseUrl: string }, admin: SignedInTestUser): Promise<Buffer> {
  const response = await fetch(`${app.baseUrl}/api/export?format=xlsx`, { headers: { authorization: `Bearer ${admin.token}` } });
  if (response.status !== 200) throw new Error(`export: ${response.status} ${await response.text()}`);
  return Buffer.from(await response.arrayBuffer());
}

/** How long a reader may take on a hostile input: linear work on these takes well under a second, quadratic work minutes (the margin is for a busy machine). */
export const LINEAR_TIME_MS = 10_000;
