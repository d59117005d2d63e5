import { importJobSchema, type ImportJob } from '@tht/contracts';
import { expect } from 'vitest';
import { request } from './request';

interface Upload {
  status: number;
  body: any;
}

/** POST /api/import with one file, as a browser's form would send it. */
export async function upload(
  target: { baseUrl: string },
  token: string,
  file: { name: string; content: string | Uint8Array<ArrayBuffer>; field?: string },
  query = '',
): Promise<Upload> {
  const form = new FormData();
  form.append(file.field ?? 'file', new Blob([file.content]), file.name);
  const response = await fetch(`${target.baseUrl}/api/import${query}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const text = await response.text();
  return { status: response.status, body: text === '' ? null : JSON.parse(text) };
}

/** Follows an import until it ends. */
export async function finished(target: { baseUrl: string }, token: string, started: Upload): Promise<ImportJob> {
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  let job = importJobSchema.parse(started.body);
  const seen: number[] = [job.processed];
  while (job.status === 'running') {
    await new Promise((resolve) => setTimeout(resolve, 50));
    const progress = await request(target, 'GET', `/api/import/${job.id}`, { token });
    expect(progress.status).toBe(200);
    job = importJobSchema.parse(progress.body);
    seen.push(job.processed);
  }
  expect(seen).toEqual([...seen].sort((a, b) => a - b)); // progress only moves forward
  return job;
}
