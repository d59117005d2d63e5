import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { UploadedFile, UploadKind } from '../import-upload';

/** A file as an upload is kept on disk for its import (in a fresh temporary folder). */
export async function savedUpload(kind: UploadKind, content: string | Uint8Array): Promise<UploadedFile> {
  const file = path.join(await mkdtemp(path.join(tmpdir(), 'tht-import-')), `upload.${kind}`);
  await writeFile(file, content);
  return { fileName: `file.${kind}`, kind, path: file };
}
