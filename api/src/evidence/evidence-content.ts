import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { EVIDENCE_MESSAGES as M, EVIDENCE_TYPES, type EvidenceType } from '@tht/contracts';
import { fileTypeFromBuffer } from 'file-type';
import type pg from 'pg';
import sharp from 'sharp';
import { HttpError } from '../platform/http';
import { setThumbnail, writeChunk } from './evidence-store';
import type { UploadCutOff } from './evidence-upload';

// libvips' operation cache keeps decoded images between calls: uploads never repeat, so it only holds memory.
sharp.cache(false);

/** What the content judged and stored: the bytes as stored (an image re-encoded), their type and SHA-256. */
export interface StoredContent {
  size: number;
  type: EvidenceType;
  sha256: string;
}

/** Bytes `file-type` needs to judge every type it knows. */
const SNIFF_BYTES = 4100;
/** The pieces a file is stored in. */
const CHUNK_BYTES = 1024 * 1024;
/** Pixels of an image at most (a 50-megapixel phone photo decodes to 150 MB): a small file of huge dimensions is refused. */
const MAX_IMAGE_PIXELS = 50_000_000;
const THUMBNAIL_PIXELS = 256;

const isEvidenceType = (mime: string | undefined): mime is EvidenceType =>
  (EVIDENCE_TYPES as readonly string[]).includes(mime ?? '');

/**
 * Judges an upload's type from its first bytes (never its name) and stores it as file `fileId`,
 * reading `upload` as it arrives (refused past `cutOff.bytes`): a PDF goes to the database piece by piece as
 * it comes, never whole; an image is gathered once (it must be decoded whole), re-encoded in its own
 * type with its orientation applied and without metadata (a photo's location, the camera), and
 * given a thumbnail. Refuses (400) anything else and an image that does not decode.
 */
export async function storeContent(pool: pg.Pool, fileId: number, upload: Readable, cutOff: UploadCutOff): Promise<StoredContent> {
  const pieces = cutOffAt(upload[Symbol.asyncIterator]() as AsyncIterator<Buffer>, cutOff);
  const head = await readHead(pieces);
  const type = (await fileTypeFromBuffer(head))?.mime;
  if (!isEvidenceType(type)) throw new HttpError(400, M.unsupportedType);
  const writer = chunkWriter(pool, fileId);
  if (type === 'application/pdf') {
    await writer.add(head);
    for (let piece = await pieces.next(); !piece.done; piece = await pieces.next()) await writer.add(piece.value);
  } else {
    const image = await reencoded(await gatherImage(head, pieces, cutOff.bytes), type);
    await writer.add(image);
    await setThumbnail(pool, fileId, await thumbnailOf(image));
  }
  return { ...(await writer.end()), type };
}

/** The pieces of an upload, refused once they pass the cut-off. */
function cutOffAt(pieces: AsyncIterator<Buffer>, cutOff: UploadCutOff): AsyncIterator<Buffer> {
  let length = 0;
  return {
    async next() {
      const piece = await pieces.next();
      if (!piece.done && (length += piece.value.length) > cutOff.bytes) throw cutOff.refusal();
      return piece;
    },
  };
}

/** The first SNIFF_BYTES of the upload (fewer for a smaller file). */
async function readHead(pieces: AsyncIterator<Buffer>): Promise<Buffer> {
  const head: Buffer[] = [];
  let length = 0;
  while (length < SNIFF_BYTES) {
    const piece = await pieces.next();
    if (piece.done) break;
    head.push(piece.value);
    length += piece.value.length;
  }
  return Buffer.concat(head);
}

/**
 * The whole image, held once: the pieces are copied as they arrive into one buffer of the largest
 * size allowed, whose untouched pages the system never allocates.
 */
async function gatherImage(head: Buffer, pieces: AsyncIterator<Buffer>, maxBytes: number): Promise<Buffer> {
  const image = Buffer.allocUnsafeSlow(Math.max(maxBytes, head.length));
  let length = head.copy(image, 0);
  for (let piece = await pieces.next(); !piece.done; piece = await pieces.next()) {
    length += piece.value.copy(image, length);
  }
  return image.subarray(0, length);
}

/** The image decoded and encoded again in its type, orientation applied, no metadata kept (sharp's default). */
async function reencoded(image: Buffer, type: EvidenceType): Promise<Buffer> {
  try {
    const decoded = sharp(image, { failOn: 'error', limitInputPixels: MAX_IMAGE_PIXELS }).rotate();
    if (type === 'image/png') return await decoded.png().toBuffer();
    if (type === 'image/webp') return await decoded.webp({ quality: 90 }).toBuffer();
    return await decoded.jpeg({ quality: 90 }).toBuffer();
  } catch {
    throw new HttpError(400, M.unreadableImage);
  }
}

/** A small WebP of the (already upright) image, at most THUMBNAIL_PIXELS a side. */
function thumbnailOf(image: Buffer): Promise<Buffer> {
  return sharp(image)
    .resize(THUMBNAIL_PIXELS, THUMBNAIL_PIXELS, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 70 })
    .toBuffer();
}

/** Writes a file's bytes in pieces of CHUNK_BYTES as they come, hashing them on the way. */
function chunkWriter(pool: pg.Pool, fileId: number) {
  const hash = createHash('sha256');
  let pending: Buffer[] = [];
  let pendingLength = 0;
  let seq = 0;
  let size = 0;
  const flush = async () => {
    if (pendingLength === 0) return;
    const piece = pending.length === 1 ? pending[0]! : Buffer.concat(pending, pendingLength);
    pending = [];
    pendingLength = 0;
    await writeChunk(pool, fileId, seq, piece);
    seq += 1;
  };
  return {
    async add(bytes: Buffer): Promise<void> {
      hash.update(bytes);
      size += bytes.length;
      for (let offset = 0; offset < bytes.length;) {
        const part = bytes.subarray(offset, offset + CHUNK_BYTES - pendingLength);
        pending.push(part);
        pendingLength += part.length;
        offset += part.length;
        if (pendingLength === CHUNK_BYTES) await flush();
      }
    },
    async end(): Promise<{ size: number; sha256: string }> {
      await flush();
      return { size, sha256: hash.digest('hex') };
    },
  };
}
