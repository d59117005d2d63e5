import { createHash } from 'node:crypto';
import { HR_MESSAGES, type EntryView, type EvidenceItem } from '@tht/contracts';
import JSZip from 'jszip';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserAndLogin, type SignedInTestUser } from '../testing/accounts';
import { logEntryAs } from '../testing/entries';
import { finished, upload } from '../testing/import-uploads';
import { request } from '../testing/request';
import { startTestApp, type TestApp } from '../testing/test-app';

/**
 * The export with evidence (`GET /api/export?evidence=true`, decision 040) imported into a fresh
 * instance: the same files (by SHA-256) on the same entries, attached again through the evidence
 * feature's own attach, and the zip laid out as a folder per person.
 */

let source: TestApp;
let fresh: TestApp;
let sourceAdmin: SignedInTestUser;
let freshAdmin: SignedInTestUser;
let employee: SignedInTestUser;

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** A small PDF. */
const PDF = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

async function ok<T>(app: TestApp, token: string, method: string, path: string, body?: unknown): Promise<T> {
  const response = await request<T>(app, method, path, { token, body });
  expect(response.status, `${method} ${path}: ${JSON.stringify(response.body)}`).toBeLessThan(300);
  return response.body;
}

async function attach(entryId: number, content: Buffer, name: string): Promise<void> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(content)]), name);
  const response = await fetch(`${source.baseUrl}/api/entries/${entryId}/evidence`, {
    method: 'POST',
    headers: { authorization: `Bearer ${employee.token}` },
    body: form,
  });
  expect(response.status, await response.clone().text()).toBe(201);
}

async function download(app: TestApp, token: string, path: string): Promise<Response> {
  return fetch(`${app.baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
}

/** Each of the instance's entries of `user` (by e-mail: ids differ between instances) with its files: name, type, SHA-256. */
async function filesByEntry(app: TestApp, token: string, email: string) {
  const users = await ok<{ id: number; email: string }[]>(app, token, 'GET', '/api/users');
  const userId = users.find((user) => user.email === email)!.id;
  const entries = await ok<EntryView[]>(app, token, 'GET', `/api/entries?userId=${userId}`);
  const listed: Record<string, { count: number; files: { name: string; type: string; sha256: string }[] }> = {};
  for (const entry of entries) {
    const files = await ok<EvidenceItem[]>(app, token, 'GET', `/api/entries/${entry.id}/evidence`);
    for (const file of files) {
      const bytes = new Uint8Array(
        await (await download(app, token, `/api/entries/${entry.id}/evidence/${file.id}`)).arrayBuffer(),
      );
      expect(sha256(bytes), `${entry.trainingName}: ${file.name} downloads as listed`).toBe(file.sha256);
    }
    listed[`${entry.date} ${entry.trainingName}`] = {
      count: entry.evidenceCount,
      files: files.map(({ name, type, sha256: hash }) => ({ name, type, sha256: hash })),
    };
  }
  return listed;
}

beforeAll(async () => {
  source = await startTestApp();
  fresh = await startTestApp();
  sourceAdmin = await createUserAndLogin(source, { role: 'admin', firstName: 'Ada', lastName: 'Admin' });
  freshAdmin = await createUserAndLogin(fresh, {
    role: 'admin',
    firstName: 'Ada',
    lastName: 'Admin',
    email: sourceAdmin.user.email,
  });
  employee = await createUserAndLogin(source, { firstName: 'Eve', lastName: 'Employee', managerId: sourceAdmin.user.id });
  const firstAid = await logEntryAs(source, employee, { trainingName: 'First Aid at Work', date: '2026-02-03', hours: 6 });
  const fire = await logEntryAs(source, employee, { trainingName: 'Fire Safety', date: '2026-03-04', hours: 2 });
  await logEntryAs(source, employee, { trainingName: 'No Files', date: '2026-03-05', hours: 1 });
  const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3a7' } })
    .jpeg()
    .toBuffer();
  const scan = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#a37' } })
    .png()
    .toBuffer();
  await attach(firstAid.id, PDF, 'First aid certificate.pdf');
  await attach(firstAid.id, photo, 'Photo of the card.jpg');
  await attach(fire.id, scan, 'Fire safety scan.png');
}, 120_000);

afterAll(async () => {
  await source?.close();
  await fresh?.close();
});

describe('the export with evidence', () => {
  it('is a zip of the workbook and a folder per person with their entries and files, imported into a fresh instance with the same files on the same entries', async () => {
    const exported = await download(source, sourceAdmin.token, '/api/export?format=xlsx&evidence=true');
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-type')).toBe('application/zip');
    expect(exported.headers.get('content-disposition')).toMatch(
      /^attachment; filename="?training-hours-example\.com-\d{4}-\d{2}-\d{2}-with-evidence\.zip"?$/,
    );
    const bytes = new Uint8Array(await exported.arrayBuffer());

    const zip = await JSZip.loadAsync(bytes);
    const paths = Object.keys(zip.files).filter((path) => !zip.files[path]!.dir);
    const folder = `${employee.user.id} Eve Employee`;
    expect(paths.filter((path) => !path.includes('/'))).toEqual([
      expect.stringMatching(/^training-hours-example\.com-[\d-]+\.xlsx$/),
    ]);
    expect(
      paths.filter((path) => path.startsWith(`${folder}/`)).map((path) => path.replace(/\/\d+\/\d+ /, '/<entry>/<file> ')),
    ).toEqual([
      `${folder}/entries.csv`,
      `${folder}/evidence/<entry>/<file> First aid certificate.pdf`,
      `${folder}/evidence/<entry>/<file> Photo of the card.jpg`,
      `${folder}/evidence/<entry>/<file> Fire safety scan.png`,
    ]);
    const csv = await zip.file(`${folder}/entries.csv`)!.async('string');
    expect(csv.split('\r\n').filter(Boolean)).toHaveLength(4); // the header and three entries
    const before = await filesByEntry(source, sourceAdmin.token, employee.user.email);
    const zipped = await Promise.all(
      paths.filter((path) => path.includes('/evidence/')).map(async (path) => sha256(await zip.file(path)!.async('uint8array'))),
    );
    expect(zipped.sort()).toEqual(
      Object.values(before)
        .flatMap((entry) => entry.files.map((file) => file.sha256))
        .sort(),
    );

    const dryRun = await upload(fresh, freshAdmin.token, { name: 'with-evidence.zip', content: bytes }, '?dryRun=true');
    expect(dryRun.status, JSON.stringify(dryRun.body)).toBe(200);
    expect(dryRun.body).toMatchObject({ format: 'export-xlsx', failed: 0, toCreate: { users: 1, entries: 3, evidence: 3 } });
    const job = await finished(
      fresh,
      freshAdmin.token,
      await upload(
        fresh,
        freshAdmin.token,
        { name: 'with-evidence.zip', content: bytes },
        `?confirmRoles=${dryRun.body.rolesConfirmation ?? ''}`,
      ),
    );
    expect(job.report.errors).toEqual([]);
    expect(job).toMatchObject({ status: 'completed', created: { entries: 3, evidence: 3 } });

    const after = await filesByEntry(fresh, freshAdmin.token, employee.user.email);
    expect(after).toEqual(before);
    expect(Object.fromEntries(Object.entries(after).map(([entry, { count }]) => [entry, count]))).toEqual({
      '2026-02-03 First Aid at Work': 2,
      '2026-03-04 Fire Safety': 1,
      '2026-03-05 No Files': 0,
    });
  });

  it('is for HR and admins only: SMT, who may not see anyone’s files, is refused', async () => {
    const smt = await createUserAndLogin(source, { role: 'smt' });
    const hr = await createUserAndLogin(source, { role: 'hr' });
    const refused = await download(source, smt.token, '/api/export?format=xlsx&evidence=true');
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: HR_MESSAGES.exportEvidenceAccessRequired });
    expect((await download(source, smt.token, '/api/export?format=xlsx')).status).toBe(200);
    const allowed = await download(source, hr.token, '/api/export?evidence=true');
    expect(allowed.status).toBe(200);
    const zip = await JSZip.loadAsync(new Uint8Array(await allowed.arrayBuffer()));
    expect(Object.keys(zip.files).filter((path) => !path.includes('/'))).toEqual([
      expect.stringMatching(/^training-hours-example\.com-[\d-]+\.csv$/),
    ]);
  });

  it('is refused with a date in the past: the files are exported as they are now', async () => {
    const response = await download(source, sourceAdmin.token, '/api/export?format=xlsx&evidence=true&asOf=2026-01-01');
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: HR_MESSAGES.exportEvidenceNotAsOf });
  });
});
