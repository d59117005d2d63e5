import { randomBytes } from 'node:crypto';
import { badRequest } from './xapi-http';

/** One part of a multipart/mixed body: its headers (names in lower case) and bytes. */
export interface MultipartPart {
  headers: Map<string, string>;
  body: Buffer;
}

/** The boundary a multipart Content-Type names, or a 400. */
export function boundaryOf(contentType: string): string {
  const match = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  const boundary = match?.[1] ?? match?.[2];
  if (!boundary) throw badRequest('A multipart/mixed body needs a boundary in its Content-Type');
  return boundary;
}

function partOf(raw: Buffer): MultipartPart {
  const end = raw.indexOf('\r\n\r\n');
  if (end < 0) throw badRequest('A multipart part has no headers');
  const headers = new Map<string, string>();
  for (const line of raw.subarray(0, end).toString('utf8').split('\r\n')) {
    if (line === '') continue;
    const colon = line.indexOf(':');
    if (colon < 0) throw badRequest('A multipart part has a malformed header');
    headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body: raw.subarray(end + 4) };
}

/** The parts of a multipart/mixed body (RFC 2046), or a 400 when it is not one. */
export function parseMultipart(body: Buffer, boundary: string): MultipartPart[] {
  const delimiter = Buffer.from(`--${boundary}`);
  const parts: MultipartPart[] = [];
  let start = body.indexOf(delimiter);
  if (start < 0) throw badRequest('The multipart body has no boundary');
  for (;;) {
    const afterDelimiter = start + delimiter.length;
    if (body.subarray(afterDelimiter, afterDelimiter + 2).toString() === '--') return parts;
    const next = body.indexOf(Buffer.concat([Buffer.from('\r\n'), delimiter]), afterDelimiter);
    if (next < 0) throw badRequest('The multipart body does not end with its closing boundary');
    const lineEnd = body.indexOf('\r\n', afterDelimiter);
    parts.push(partOf(body.subarray(lineEnd + 2, next)));
    start = next + 2;
  }
}

/** A multipart/mixed body of the parts given, and its Content-Type. */
export function buildMultipart(parts: readonly { headers: Record<string, string>; body: Buffer }[]) {
  const boundary = randomBytes(16).toString('hex');
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const head = Object.entries(part.headers)
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
    chunks.push(Buffer.from(`--${boundary}\r\n${head}\r\n`), part.body, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { contentType: `multipart/mixed; boundary=${boundary}`, body: Buffer.concat(chunks) };
}
