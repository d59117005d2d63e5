import { PassThrough, type Readable } from 'node:stream';
import { EVIDENCE_FILE_FIELD, EVIDENCE_MESSAGES as M } from '@tht/contracts';
import busboy from 'busboy';
import type { Request } from 'express';
import { HttpError } from '../platform/http';

/** Where an upload is cut off, and the refusal it then meets (413: too large, or over the person's quota). */
export interface UploadCutOff {
  bytes: number;
  refusal: () => HttpError;
}

/** Stores the upload's file as it arrives (its bytes and the name the client gave); `discard` undoes what it wrote. */
export interface UploadStore<Stored> {
  store: (file: Readable, name: string) => Promise<Stored>;
  discard: () => Promise<void>;
}

/**
 * Hands the one file of a multipart upload (form field `file`) to `store` as it arrives, cut off at
 * `cutOff.bytes`, and resolves with what it stored once the whole request was read and nothing
 * refused it. Refusals: not multipart, no file or another field, more than one file (400), past the
 * cut-off (its refusal), cut off by the client (400), and whatever `store` refuses; a refused upload
 * is discarded (`discard` runs, so nothing stays stored) and the rest of it is read and dropped, so the answer arrives.
 */
export function receiveUpload<Stored>(
  req: Request,
  cutOff: UploadCutOff,
  { store, discard }: UploadStore<Stored>,
): Promise<Stored> {
  if (!req.is('multipart/form-data')) return Promise.reject(new HttpError(400, M.notMultipart));
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        defParamCharset: 'utf8',
        limits: { fileSize: cutOff.bytes, files: 1, fields: 10, parts: 11 },
      });
    } catch {
      reject(new HttpError(400, M.notMultipart));
      return;
    }
    let refusal: Error | null = null;
    let storing: Promise<Stored> | null = null;
    let body: PassThrough | null = null;
    const refuse = (error: Error) => {
      refusal ??= error;
      body?.destroy(refusal);
    };

    parser.on('file', (field, stream, info) => {
      if (field !== EVIDENCE_FILE_FIELD || storing !== null || refusal !== null) {
        refuse(new HttpError(400, field === EVIDENCE_FILE_FIELD ? M.oneFilePerUpload : M.fileRequired));
        stream.resume();
        return;
      }
      const file = new PassThrough();
      body = file;
      stream.on('limit', () => refuse(cutOff.refusal()));
      // The parser stopped mid-file (the client went away): the refusal is already the request's.
      stream.on('error', () => refuse(new HttpError(400, M.uploadCutOff)));
      stream.pipe(file);
      storing = store(file, info.filename ?? '');
      // A refusal of the store (a type not allowed) leaves the rest of the file to be read and dropped.
      storing.catch((error: unknown) => {
        refuse(error instanceof Error ? error : new Error(String(error)));
        stream.unpipe(file);
        stream.resume();
      });
    });
    parser.on('filesLimit', () => refuse(new HttpError(400, M.oneFilePerUpload)));
    let settled = false;
    const settle = async () => {
      if (settled) return;
      settled = true;
      const stored = storing === null ? null : await Promise.allSettled([storing]).then(([outcome]) => outcome);
      if (refusal === null && stored?.status === 'fulfilled') {
        resolve(stored.value);
        return;
      }
      await discard().catch(() => {});
      // A refusal of the store became the upload's refusal (see above).
      reject(refusal ?? new HttpError(400, M.fileRequired));
    };
    parser.on('error', () => {
      refuse(new HttpError(400, M.notMultipart));
      void settle();
    });
    parser.on('close', () => void settle());
    // A request that closes before it is complete was abandoned: the parser is stopped and the file being stored fails.
    req.on('close', () => {
      if (req.complete) return;
      refuse(new HttpError(400, M.uploadCutOff));
      parser.destroy();
    });
    req.pipe(parser);
  });
}
