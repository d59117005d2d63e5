import { ADMIN_MESSAGES as M, IMPORT_FILE_FIELD, IMPORT_MAX_BYTES, IMPORT_MAX_MEGABYTES } from '@tht/contracts';
import busboy from 'busboy';
import type { Request } from 'express';
import { HttpError } from '../platform/http';

export type UploadKind = 'csv' | 'xlsx';

export interface UploadedFile {
  fileName: string;
  kind: UploadKind;
  bytes: Buffer;
}

/** The kind of file by its name; anything else is refused before it is read. */
function kindOf(fileName: string): UploadKind {
  const lower = fileName.toLowerCase();
  if (lower.endsWith('.csv')) return 'csv';
  if (lower.endsWith('.xlsx')) return 'xlsx';
  throw new HttpError(415, M.importUnsupportedType);
}

/**
 * The one file of a multipart upload (form field `file`), held in memory up to IMPORT_MAX_BYTES.
 * Refusals: not multipart (415), no file or several (400), a name other than .csv/.xlsx (415),
 * over the limit (413). The rest of a refused upload is read and dropped, so the answer arrives.
 */
export function readUploadedFile(req: Request, maxBytes = IMPORT_MAX_BYTES): Promise<UploadedFile> {
  if (!req.is('multipart/form-data')) return Promise.reject(new HttpError(415, M.importNotMultipart));
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: req.headers, limits: { fileSize: maxBytes, files: 2, fields: 20 } });
    } catch {
      reject(new HttpError(400, M.importNotMultipart));
      return;
    }
    let refusal: HttpError | null = null;
    let file: UploadedFile | null = null;
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
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => {
        if (refusal === null) chunks.push(chunk);
      });
      stream.on('limit', () => refuse(new HttpError(413, M.importTooLarge(IMPORT_MAX_MEGABYTES))));
      stream.on('end', () => {
        if (refusal === null && kind !== null) file = { fileName: info.filename ?? '', kind, bytes: Buffer.concat(chunks) };
      });
    });
    parser.on('filesLimit', () => refuse(new HttpError(400, M.importOneFileOnly)));
    parser.on('error', () => reject(refusal ?? new HttpError(400, M.importNotMultipart)));
    parser.on('close', () => {
      if (refusal) reject(refusal);
      else if (!file) reject(new HttpError(400, M.importFileRequired));
      else resolve(file);
    });
    req.pipe(parser);
  });
}
