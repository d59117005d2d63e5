import { Readable } from 'node:stream';
import zlib from 'node:zlib';

/**
 * The files of a zip archive held in memory (an uploaded workbook), read from its central
 * directory, each inflated by Node's own zlib: a large part as a stream of big chunks (so a
 * workbook's sheet is inflated outside JavaScript, a chunk at a time), a small one whole. Stored
 * and deflated files, ZIP64 sizes; no encryption.
 */

const END_OF_DIRECTORY = 0x06054b50;
const ZIP64_END_LOCATOR = 0x07064b50;
const ZIP64_END_OF_DIRECTORY = 0x06064b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const ZIP64_EXTRA = 0x0001;
const STORED = 0;
const DEFLATED = 8;
const MAX_16 = 0xffff;
const MAX_32 = 0xffffffff;

/** An inflated part is streamed in chunks of this size. */
const INFLATED_CHUNK_BYTES = 256 * 1024;

interface ZipFile {
  method: number;
  compressedSize: number;
  /** Where the local header of the file starts. */
  headerOffset: number;
}

export class ZipArchive {
  private constructor(
    private readonly bytes: Buffer,
    private readonly files: ReadonlyMap<string, ZipFile>,
  ) {}

  /** Reads the archive's directory; throws on bytes that are no zip archive. */
  static open(bytes: Buffer): ZipArchive {
    return new ZipArchive(bytes, readDirectory(bytes));
  }

  has(path: string): boolean {
    return this.files.has(path);
  }

  /** A file's content as UTF-8 text ('' when the archive has no such file). */
  text(path: string): string {
    const file = this.files.get(path);
    if (!file) return '';
    const data = this.data(file);
    return (file.method === STORED ? data : zlib.inflateRawSync(data)).toString('utf8');
  }

  /** A file's content as a stream of chunks. */
  stream(path: string): AsyncIterable<Buffer> {
    const file = this.files.get(path);
    if (!file) throw new Error(`it has no part ${path}`);
    const data = this.data(file);
    if (file.method === STORED) return Readable.from([data]);
    const inflate = zlib.createInflateRaw({ chunkSize: INFLATED_CHUNK_BYTES });
    inflate.end(data);
    return inflate;
  }

  private data(file: ZipFile): Buffer {
    const header = file.headerOffset;
    if (this.bytes.readUInt32LE(header) !== LOCAL_HEADER) throw new Error('a file of the zip archive is damaged');
    const start = header + 30 + this.bytes.readUInt16LE(header + 26) + this.bytes.readUInt16LE(header + 28);
    if (start + file.compressedSize > this.bytes.length) throw new Error('the zip archive is cut short');
    return this.bytes.subarray(start, start + file.compressedSize);
  }
}

/** Where the end-of-directory record is: the last one, before a comment of at most 64 KB. */
function endOfDirectory(bytes: Buffer): number {
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - MAX_16); at -= 1) {
    if (bytes.readUInt32LE(at) === END_OF_DIRECTORY) return at;
  }
  throw new Error('it is not a zip archive');
}

/** The directory's entry count and offset, from the ZIP64 record where the classic one is full. */
function directoryBounds(bytes: Buffer, end: number): { count: number; offset: number } {
  const count = bytes.readUInt16LE(end + 10);
  const offset = bytes.readUInt32LE(end + 16);
  if (count !== MAX_16 && offset !== MAX_32) return { count, offset };
  const locator = end - 20;
  if (locator < 0 || bytes.readUInt32LE(locator) !== ZIP64_END_LOCATOR) throw new Error('its ZIP64 directory is missing');
  const record = Number(bytes.readBigUInt64LE(locator + 8));
  if (bytes.readUInt32LE(record) !== ZIP64_END_OF_DIRECTORY) throw new Error('its ZIP64 directory is damaged');
  return { count: Number(bytes.readBigUInt64LE(record + 32)), offset: Number(bytes.readBigUInt64LE(record + 48)) };
}

/** The compressed size and header offset of an entry, from its ZIP64 extra field where they do not fit 32 bits. */
function zip64Sizes(
  bytes: Buffer,
  extra: { start: number; end: number },
  sizes: { uncompressed: number; compressed: number; offset: number },
): { compressed: number; offset: number } {
  for (let at = extra.start; at + 4 <= extra.end; at += 4 + bytes.readUInt16LE(at + 2)) {
    if (bytes.readUInt16LE(at) !== ZIP64_EXTRA) continue;
    // The field holds, in this order, only the values that are full in the directory entry.
    let field = at + 4;
    const next = () => {
      const value = Number(bytes.readBigUInt64LE(field));
      field += 8;
      return value;
    };
    if (sizes.uncompressed === MAX_32) next();
    const compressed = sizes.compressed === MAX_32 ? next() : sizes.compressed;
    const offset = sizes.offset === MAX_32 ? next() : sizes.offset;
    return { compressed, offset };
  }
  throw new Error('a ZIP64 size of the zip archive is missing');
}

function readDirectory(bytes: Buffer): Map<string, ZipFile> {
  const { count, offset } = directoryBounds(bytes, endOfDirectory(bytes));
  const files = new Map<string, ZipFile>();
  let at = offset;
  for (let index = 0; index < count; index += 1) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== DIRECTORY_ENTRY) throw new Error('its zip directory is damaged');
    const flags = bytes.readUInt16LE(at + 8);
    const method = bytes.readUInt16LE(at + 10);
    const nameLength = bytes.readUInt16LE(at + 28);
    const extraLength = bytes.readUInt16LE(at + 30);
    const commentLength = bytes.readUInt16LE(at + 32);
    const name = bytes.toString('utf8', at + 46, at + 46 + nameLength);
    const sizes = {
      uncompressed: bytes.readUInt32LE(at + 24),
      compressed: bytes.readUInt32LE(at + 20),
      offset: bytes.readUInt32LE(at + 42),
    };
    const extra = { start: at + 46 + nameLength, end: at + 46 + nameLength + extraLength };
    const { compressed, offset: headerOffset } =
      sizes.uncompressed === MAX_32 || sizes.compressed === MAX_32 || sizes.offset === MAX_32
        ? zip64Sizes(bytes, extra, sizes)
        : sizes;
    if (flags & 1) throw new Error(`${name} is encrypted`);
    if (method !== STORED && method !== DEFLATED) throw new Error(`${name} is compressed in a way this reader does not know`);
    files.set(name, { method, compressedSize: compressed, headerOffset });
    at = extra.end + commentLength;
  }
  return files;
}
