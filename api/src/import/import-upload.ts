import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  ADMIN_MESSAGES as M,
  IMPORT_ARCHIVE_MAX_BYTES,
  IMPORT_ARCHIVE_MAX_MEGABYTES,
  IMPORT_FILE_FIELD,
  IMPORT_MAX_MEGABYTES,
} from '@tht/contracts';
import busboy from 'busboy';
import type { Request } from 'express';
import { HttpError } from '../platform/http';

/** A spreadsheet, or the zip of an export with evidence. */
export type UploadKind = 'csv' | 'xlsx' | 'zip';

export interface UploadedFile {
  fileName: string;
  kind: UploadKind;
  /** Where the upload is kept until the import is done with it (`discardUpload`). */
  path: string;
}

/** Removes an upload's file. */
export async function discardUpload(file: Pick<UploadedFile, 'path'>): Promise<void> {
  await rm(file.path, { force: true });
}

/** The kind of file by its name; anything else is refused before it is read. */
function kindOf(fileName: string): UploadKind {
  const lower = fileName.toLowerCase();
  if (lower.endsWith('.csv')) return 'csv';
  if (lower.endsWith('.xlsx')) return 'xlsx';
  if (lower.endsWith('.zip')) return 'zip';
  throw new HttpError(415, M.importUnsupportedType);
}

/** How large an upload of each kind may be: a spreadsheet `maxMegabytes`, the zip of an export with evidence IMPORT_ARCHIVE_MAX_BYTES. */
function sizeLimitOf(kind: UploadKind, maxMegabytes: number): { bytes: number; refusal: HttpError } {
  return kind === 'zip'
    ? { bytes: IMPORT_ARCHIVE_MAX_BYTES, refusal: new HttpError(413, M.importTooLarge(IMPORT_ARCHIVE_MAX_MEGABYTES)) }
    : { bytes: maxMegabytes * 1024 * 1024, refusal: new HttpError(413, M.importTooLarge(maxMegabytes)) };
}

/**
 * Passes on a file's bytes up to `maxBytes`; past them it drops the rest (still read, as busboy
 * reads past its own limit, so the answer arrives) and tells `beyond`.
 */
function cappedAt(maxBytes: number, beyond: () => void): Transform {
  let received = 0;
  return new Transform({
    transform(piece: Buffer, _encoding, done) {
      received += piece.length;
      if (received <= maxBytes) return done(null, piece);
      beyond();
      done();
    },
  });
}

/** Uploads are readable by the API's user alone. */
const UPLOAD_FILE_MODE = 0o600;

/**
 * The one file of a multipart upload (form field `file`), written as it arrives to a file of its
 * own in `folder` (an import reads it twice, a chunk at a time, and never holds it whole), up to
 * `maxMegabytes` (IMPORT_MAX_MEGABYTES; a zip IMPORT_ARCHIVE_MAX_BYTES). Refusals: not multipart (415), no file or
 * several (400), a name other than .csv/.xlsx/.zip (415), over the limit (413), cut off by the client (400); a refused upload leaves no
 * file, and the rest of it is read and dropped, so the answer arrives. An upload the client
 * abandons ends at once and its file is removed.
 */
export function readUploadedFile(req: Request, folder: string, maxMegabytes = IMPORT_MAX_MEGABYTES): Promise<UploadedFile> {
  if (!req.is('multipart/form-data')) return Promise.reject(new HttpError(415, M.importNotMultipart));
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        limits: { fileSize: Math.max(maxMegabytes * 1024 * 1024, IMPORT_ARCHIVE_MAX_BYTES), files: 2, fields: 20 },
      });
    } catch {
      reject(new HttpError(400, M.importNotMultipart));
      return;
    }
    let refusal: HttpError | null = null;
    let file: UploadedFile | null = null;
    const written: Promise<unknown>[] = [];
    const paths: string[] = [];
    let files = 0;
    const refuse = (error: HttpError) => {
      refusal ??= error;
    };

    parser.on('file', (field, stream, info) => {
      files += 1;
      if (field !== IMPORT_FILE_FIELD) refuse(new HttpError(400, M.importFileRequired));
      if (files > 1) refuse(new HttpError(400, M.importOneFileOnly));
      let kind: UploadKind | null = null;
      try {
        kind = kindOf(info.filename ?? '');
      } catch (error) {
        refuse(error as HttpError);
      }
      const limit = sizeLimitOf(kind ?? 'csv', maxMegabytes);
      stream.on('limit', () => refuse(limit.refusal));
      if (refusal !== null || kind === null) {
        stream.resume();
        return;
      }
      const upload = { fileName: info.filename ?? '', kind, path: path.join(folder, `${randomUUID()}.${kind}`) };
      paths.push(upload.path);
      written.push(
        pipeline(
          stream,
          cappedAt(limit.bytes, () => refuse(limit.refusal)),
          createWriteStream(upload.path, { flags: 'wx', mode: UPLOAD_FILE_MODE }),
        ).then(() => {
          file = upload;
        }),
      );
    });
    parser.on('filesLimit', () => refuse(new HttpError(400, M.importOneFileOnly)));
    // Once every file written has reached the disk: the upload, or a refusal that keeps no file.
    let settled = false;
    const settle = async () => {
      if (settled) return;
      settled = true;
      const writes = await Promise.allSettled(written);
      const failedWrite = writes.find((write) => write.status === 'rejected');
      if (refusal === null && failedWrite === undefined && file !== null) {
        resolve(file);
        return;
      }
      await Promise.all(paths.map((kept) => discardUpload({ path: kept })));
      const writeError = failedWrite?.reason instanceof Error ? failedWrite.reason : null;
      reject(refusal ?? writeError ?? new HttpError(400, M.importFileRequired));
    };
    parser.on('error', () => {
      refuse(new HttpError(400, M.importNotMultipart));
      void settle();
    });
    parser.on('close', () => void settle());
    // A request that closes before it is complete was abandoned: the parser is stopped, which ends the file being written.
    req.on('close', () => {
      if (req.complete) return;
      refuse(new HttpError(400, M.importUploadCutOff));
      parser.destroy();
    });
    req.pipe(parser);
  });
}
