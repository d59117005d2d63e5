import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { ADMIN_MESSAGES as M, IMPORT_LIMITS } from '@tht/contracts';

/**
 * The files of a zip archive held in memory (an uploaded workbook) or in a file read a piece at a
 * time (an export with evidence, which may be far larger), read from its central directory, each
 * inflated by Node's own zlib outside JavaScript: a large part as a stream of big chunks, a small
 * one whole. Stored and deflated files, ZIP64 sizes; no encryption.
 *
 * An archive is read within budgets (`ZipLimits`): every file's stated size is checked against
 * them when the archive is opened, and a file that inflates to more than its stated size is cut
 * off there, so a zip bomb is refused before it is inflated, or after its stated size at most.
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

/** A file is read (inflated, or cut from the archive when stored) in chunks of this size. */
const CHUNK_BYTES = 256 * 1024;
const MB = 1024 * 1024;
/** Files up to this size inflate as much as they like (a small XML part of repeated markup packs tightly). */
const RATIO_FREE_BYTES = MB;

const inflateRaw = promisify(zlib.inflateRaw);

/** What an archive may unpack to (sizes in MB). */
export interface ZipLimits {
  /** Any one file. */
  partMegabytes: number;
  /** Every file together. */
  workbookMegabytes: number;
  /** Unpacked over packed size of a file larger than 1 MB. */
  compressionRatio: number;
  /** Files the directory lists. */
  zipParts: number;
}

/** An archive beyond a budget of `ZipLimits`: too large to unpack, rather than damaged. */
export class ZipLimitError extends Error {
  override name = 'ZipLimitError';
}

/** Where an archive's bytes are: in memory, or in a file read where needed. */
interface ZipBytes {
  length: number;
  /** The bytes from `start` up to `end` (or the archive's end). */
  read(start: number, end: number): Buffer;
  close(): void;
}

const bytesInMemory = (bytes: Buffer): ZipBytes => ({
  length: bytes.length,
  read: (start, end) => bytes.subarray(start, end),
  close: () => {},
});

function bytesInFile(path: string): ZipBytes {
  const fd = openSync(path, 'r');
  const { size } = fstatSync(fd);
  return {
    length: size,
    read(start, end) {
      const piece = Buffer.alloc(Math.max(0, Math.min(end, size) - start));
      let done = 0;
      while (done < piece.length) {
        const read = readSync(fd, piece, done, piece.length - done, start + done);
        if (read === 0) break;
        done += read;
      }
      return piece.subarray(0, done);
    },
    close: () => closeSync(fd),
  };
}

interface ZipFile {
  name: string;
  method: number;
  compressedSize: number;
  /** As the directory states it; what the file inflates to must be exactly this. */
  size: number;
  /** Where the local header of the file starts. */
  headerOffset: number;
}

export class ZipArchive {
  private constructor(
    private readonly bytes: ZipBytes,
    private readonly files: ReadonlyMap<string, ZipFile>,
  ) {}

  /** Reads the archive's directory; throws on bytes that are no zip archive, or a file beyond `limits`. */
  static open(bytes: Buffer, limits: ZipLimits = IMPORT_LIMITS): ZipArchive {
    return ZipArchive.read(bytesInMemory(bytes), limits);
  }

  /** `open` for an archive in a file, of which only the directory is read now; `close` it once done. */
  static openFile(path: string, limits: ZipLimits): ZipArchive {
    const bytes = bytesInFile(path);
    try {
      return ZipArchive.read(bytes, limits);
    } catch (error) {
      bytes.close();
      throw error;
    }
  }

  private static read(bytes: ZipBytes, limits: ZipLimits): ZipArchive {
    const files = readDirectory(bytes, limits.zipParts);
    checkStatedSizes(files.values(), limits);
    return new ZipArchive(bytes, files);
  }

  has(path: string): boolean {
    return this.files.has(path);
  }

  /** The paths of its files, in the directory's order. */
  paths(): string[] {
    return [...this.files.keys()];
  }

  /** Lets go of the file an archive was opened from. */
  close(): void {
    this.bytes.close();
  }

  /** A file's content as UTF-8 text ('' when the archive has no such file), refused beyond `maxMegabytes`. */
  async text(path: string, maxMegabytes: number): Promise<string> {
    return (await this.content(path, maxMegabytes)).toString('utf8');
  }

  /** A file's content whole (empty when the archive has no such file), refused beyond `maxMegabytes`. */
  async content(path: string, maxMegabytes: number): Promise<Buffer> {
    const file = this.files.get(path);
    if (!file) return Buffer.alloc(0);
    if (file.size > maxMegabytes * MB) throw new ZipLimitError(M.partBeyondSize(path, maxMegabytes));
    const data = this.bytes.read(...this.dataRange(file));
    let content: Buffer;
    try {
      content = file.method === STORED ? data : await inflateRaw(data, { maxOutputLength: Math.max(1, file.size) });
    } catch (error) {
      if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE')
        throw new Error(M.partNotStatedSize(path), { cause: error });
      throw error;
    }
    if (content.length !== file.size) throw new Error(M.partNotStatedSize(path));
    return content;
  }

  /** A file's content as a stream of chunks, cut off where it passes its stated size. */
  async *stream(path: string): AsyncGenerator<Buffer> {
    const file = this.files.get(path);
    if (!file) throw new Error(`it has no part ${path}`);
    const packed = this.packedChunks(file);
    let inflated = 0;
    for await (const chunk of file.method === STORED ? packed : inflatedChunks(packed)) {
      inflated += chunk.length;
      if (inflated > file.size) throw new Error(M.partNotStatedSize(path));
      yield chunk;
    }
    if (inflated !== file.size) throw new Error(M.partNotStatedSize(path));
  }

  /** Where a file's packed bytes are, after its local header. */
  private dataRange(file: ZipFile): [number, number] {
    const header = this.bytes.read(file.headerOffset, file.headerOffset + 30);
    if (header.length < 30 || header.readUInt32LE(0) !== LOCAL_HEADER) throw new Error('a file of the zip archive is damaged');
    const start = file.headerOffset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
    if (start + file.compressedSize > this.bytes.length) throw new Error('the zip archive is cut short');
    return [start, start + file.compressedSize];
  }

  /** A file's packed bytes, CHUNK_BYTES at a time. */
  private *packedChunks(file: ZipFile): Generator<Buffer> {
    const [start, end] = this.dataRange(file);
    for (let at = start; at < end; at += CHUNK_BYTES) yield this.bytes.read(at, Math.min(at + CHUNK_BYTES, end));
  }
}

/** Packed chunks inflated as they come (the inflater waits while its output is not read). */
function inflatedChunks(packed: Iterable<Buffer>): AsyncIterable<Buffer> {
  const inflate = zlib.createInflateRaw({ chunkSize: CHUNK_BYTES });
  void pipeline(Readable.from(packed), inflate).catch(() => {}); // a failure reaches the reader through `inflate`
  return inflate;
}

/** Refuses an archive whose files state sizes beyond the budgets (or a stored file whose sizes disagree). */
function checkStatedSizes(files: Iterable<ZipFile>, limits: ZipLimits): void {
  let total = 0;
  for (const file of files) {
    if (file.size > limits.partMegabytes * MB) throw new ZipLimitError(M.partBeyondSize(file.name, limits.partMegabytes));
    if (file.size > Math.max(RATIO_FREE_BYTES, file.compressedSize * limits.compressionRatio))
      throw new ZipLimitError(M.partBeyondRatio(file.name, limits.compressionRatio));
    if (file.method === STORED && file.size !== file.compressedSize) throw new Error(M.partNotStatedSize(file.name));
    total += file.size;
    if (total > limits.workbookMegabytes * MB) throw new ZipLimitError(M.workbookBeyondSize(limits.workbookMegabytes));
  }
}

/** The archive's last bytes: the end-of-directory record, a comment of at most 64 KB and, before them, the ZIP64 locator. */
function tailOf(bytes: ZipBytes): { tail: Buffer; start: number } {
  const start = Math.max(0, bytes.length - 22 - MAX_16 - 20);
  return { tail: bytes.read(start, bytes.length), start };
}

/** Where the end-of-directory record is in `tail`: the last one, before a comment of at most 64 KB. */
function endOfDirectory(tail: Buffer): number {
  for (let at = tail.length - 22; at >= Math.max(0, tail.length - 22 - MAX_16); at -= 1) {
    if (tail.readUInt32LE(at) === END_OF_DIRECTORY) return at;
  }
  throw new Error('it is not a zip archive');
}

/** The directory's entry count, offset and size, from the ZIP64 record where the classic one is full. */
function directoryBounds(bytes: ZipBytes): { count: number; offset: number; size: number } {
  const { tail, start } = tailOf(bytes);
  const end = endOfDirectory(tail);
  const count = tail.readUInt16LE(end + 10);
  const size = tail.readUInt32LE(end + 12);
  const offset = tail.readUInt32LE(end + 16);
  if (count !== MAX_16 && offset !== MAX_32 && size !== MAX_32) return { count, offset, size };
  const locator = end - 20;
  if (locator < 0 || tail.readUInt32LE(locator) !== ZIP64_END_LOCATOR) throw new Error('its ZIP64 directory is missing');
  const recordOffset = Number(tail.readBigUInt64LE(locator + 8));
  const record = recordOffset >= start ? tail.subarray(recordOffset - start) : bytes.read(recordOffset, recordOffset + 56);
  if (record.length < 56 || record.readUInt32LE(0) !== ZIP64_END_OF_DIRECTORY) throw new Error('its ZIP64 directory is damaged');
  return {
    count: Number(record.readBigUInt64LE(32)),
    size: Number(record.readBigUInt64LE(40)),
    offset: Number(record.readBigUInt64LE(48)),
  };
}

type EntrySizes = { uncompressed: number; compressed: number; offset: number };

/** The sizes and header offset of an entry, from its ZIP64 extra field where they do not fit 32 bits. */
function zip64Sizes(bytes: Buffer, extra: { start: number; end: number }, sizes: EntrySizes): EntrySizes {
  for (let at = extra.start; at + 4 <= extra.end; at += 4 + bytes.readUInt16LE(at + 2)) {
    if (bytes.readUInt16LE(at) !== ZIP64_EXTRA) continue;
    // The field holds, in this order, only the values that are full in the directory entry.
    let field = at + 4;
    const next = () => {
      const value = Number(bytes.readBigUInt64LE(field));
      field += 8;
      return value;
    };
    const uncompressed = sizes.uncompressed === MAX_32 ? next() : sizes.uncompressed;
    const compressed = sizes.compressed === MAX_32 ? next() : sizes.compressed;
    const offset = sizes.offset === MAX_32 ? next() : sizes.offset;
    return { uncompressed, compressed, offset };
  }
  throw new Error('a ZIP64 size of the zip archive is missing');
}

function readDirectory(archive: ZipBytes, maxFiles: number): Map<string, ZipFile> {
  const { count, offset, size } = directoryBounds(archive);
  if (count > maxFiles) throw new ZipLimitError(M.tooManyZipParts(maxFiles));
  const bytes = archive.read(offset, offset + size);
  const files = new Map<string, ZipFile>();
  let at = 0;
  for (let index = 0; index < count; index += 1) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== DIRECTORY_ENTRY) throw new Error('its zip directory is damaged');
    const flags = bytes.readUInt16LE(at + 8);
    const method = bytes.readUInt16LE(at + 10);
    const nameLength = bytes.readUInt16LE(at + 28);
    const extraLength = bytes.readUInt16LE(at + 30);
    const commentLength = bytes.readUInt16LE(at + 32);
    const name = bytes.toString('utf8', at + 46, at + 46 + nameLength);
    const sizes: EntrySizes = {
      uncompressed: bytes.readUInt32LE(at + 24),
      compressed: bytes.readUInt32LE(at + 20),
      offset: bytes.readUInt32LE(at + 42),
    };
    const extra = { start: at + 46 + nameLength, end: at + 46 + nameLength + extraLength };
    const {
      uncompressed,
      compressed,
      offset: headerOffset,
    } = sizes.uncompressed === MAX_32 || sizes.compressed === MAX_32 || sizes.offset === MAX_32
      ? zip64Sizes(bytes, extra, sizes)
      : sizes;
    if (flags & 1) throw new Error(`${name} is encrypted`);
    if (method !== STORED && method !== DEFLATED) throw new Error(`${name} is compressed in a way this reader does not know`);
    files.set(name, { name, method, compressedSize: compressed, size: uncompressed, headerOffset });
    at = extra.end + commentLength;
  }
  return files;
}
