import http from 'node:http';
import { secondsSince } from './seed';

/** Downloads `path` to the end, counting bytes and lines, keeping its first 2 characters; resolves with the time to the last byte. */
export function download(
  baseUrl: string,
  path: string,
  headers: Record<string, string>,
): Promise<{ seconds: number; bytes: number; lines: number; head: string }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    http
      .get(`${baseUrl}${path}`, { headers }, (response) => {
        if (response.statusCode !== 200) reject(new Error(`${path} answered ${response.statusCode}`));
        let bytes = 0;
        let lines = 0;
        let head = '';
        response.on('data', (chunk: Buffer) => {
          if (head === '') head = chunk.toString('latin1', 0, 2);
          bytes += chunk.length;
          for (let index = chunk.indexOf(10); index !== -1; index = chunk.indexOf(10, index + 1)) lines += 1;
        });
        response.on('error', reject);
        response.on('end', () => resolve({ seconds: secondsSince(started), bytes, lines, head }));
      })
      .on('error', reject);
  });
}
