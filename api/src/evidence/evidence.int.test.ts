/**
 * Evidence on entries (issue #31, section 1) through the real app: content sniffing, metadata
 * stripped from photos, who may download, the limits, an upload cut off half-way, and the bytes
 * gone with a removed file, a deleted entry and an erased person.
 */
import { createHash } from 'node:crypto';
import http from 'node:http';
import { EVIDENCE_MEGABYTE, EVIDENCE_MESSAGES as M, ENTRY_MESSAGES, type EntryView, type Evidence } from '@tht/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createUserAndLogin, type SignedInTestUser } from '../testing/accounts';
import { logEntryAs } from '../testing/entries';
import { request } from '../testing/request';
import { startTestApp, type TestApp } from '../testing/test-app';
import { sweepUnnamedFiles } from './evidence-sweep';

const MAX_FILE_BYTES = 1 * EVIDENCE_MEGABYTE;
const QUOTA_BYTES = 3 * EVIDENCE_MEGABYTE;

let app: TestApp;
let admin: SignedInTestUser;
let hr: SignedInTestUser;
let smt: SignedInTestUser;
let manager: SignedInTestUser;
let owner: SignedInTestUser;
let colleague: SignedInTestUser;
let otherTeam: SignedInTestUser;

beforeAll(async () => {
  app = await startTestApp({ config: { evidence: { maxFileBytes: MAX_FILE_BYTES, quotaBytes: QUOTA_BYTES } } });
  admin = await createUserAndLogin(app, { role: 'admin' });
  hr = await createUserAndLogin(app, { role: 'hr' });
  smt = await createUserAndLogin(app, { role: 'smt' });
  manager = await createUserAndLogin(app, { role: 'manager', firstName: 'Grace', lastName: 'Hopper' });
  const otherManager = await createUserAndLogin(app, { role: 'manager' });
  owner = await createUserAndLogin(app, { managerId: manager.user.id, firstName: 'Ada', lastName: 'Lovelace' });
  colleague = await createUserAndLogin(app, { managerId: manager.user.id });
  otherTeam = await createUserAndLogin(app, { managerId: otherManager.user.id });
});

afterAll(async () => {
  await app?.close();
});

const newEntry = (user = owner) => logEntryAs(app, user, { trainingName: 'First Aid at Work', date: '2026-02-03', hours: 6 });

/** A small, valid-looking PDF of `size` bytes. */
function pdf(size = 2_000): Buffer {
  const head = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n');
  const tail = Buffer.from('\n%%EOF\n');
  return Buffer.concat([head, Buffer.alloc(Math.max(0, size - head.length - tail.length), 0x20), tail]);
}

/** The bytes of a Linux executable (ELF) and a Windows one (PE). */
const ELF = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00]), Buffer.alloc(4_000)]);
const PE = Buffer.concat([
  Buffer.from('MZ'),
  Buffer.alloc(58),
  Buffer.from([0x80, 0, 0, 0]),
  Buffer.alloc(64),
  Buffer.from('PE\0\0'),
]);
const HTML = Buffer.from('<!DOCTYPE html><html><body><script>fetch("/api/users")</script></body></html>');

/** A photo as a phone takes it: JPEG with the place it was taken (GPS) in its EXIF. */
async function photoWithLocation(): Promise<Buffer> {
  return sharp({ create: { width: 640, height: 480, channels: 3, background: '#3a7' } })
    .jpeg()
    .withExifMerge({
      IFD0: { Make: 'PhoneMaker', Model: 'Phone 15' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 0/1' },
    })
    .toBuffer();
}

function upload(entryId: number, user: SignedInTestUser, content: Buffer, name: string, field = 'file') {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(content)]), name);
  return fetch(`${app.baseUrl}/api/entries/${entryId}/evidence`, {
    method: 'POST',
    headers: { authorization: `Bearer ${user.token}` },
    body: form,
  }).then(async (response) => ({ status: response.status, body: (await response.json()) as Evidence & { error?: string } }));
}

async function attach(entryId: number, content: Buffer, name: string, user = owner): Promise<Evidence> {
  const answer = await upload(entryId, user, content, name);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body;
}

const download = (entryId: number, evidenceId: number, user: SignedInTestUser) =>
  fetch(`${app.baseUrl}/api/entries/${entryId}/evidence/${evidenceId}`, { headers: { authorization: `Bearer ${user.token}` } });

async function storedFilesOf(entryId: number): Promise<number> {
  const { rows } = await app.ctx.pool.query<{ count: number }>(
    'SELECT count(*)::int AS count FROM evidence.files WHERE entry_id = $1',
    [entryId],
  );
  return rows[0]!.count;
}

const list = (entryId: number, user = owner) => request(app, 'GET', `/api/entries/${entryId}/evidence`, { token: user.token });

describe('attaching a file', () => {
  it('stores a PDF and answers its id, name, size, type and SHA-256; the list, the download and the entry show it', async () => {
    const entry = await newEntry();
    const content = pdf(1_500_000 / 2);
    const sha256 = createHash('sha256').update(content).digest('hex');

    const file = await attach(entry.id, content, 'Ada Lovelace – first aid.pdf');

    expect(file).toEqual({
      id: expect.any(Number),
      name: 'Ada Lovelace – first aid.pdf',
      size: content.length,
      type: 'application/pdf',
      sha256,
    });
    expect((await list(entry.id)).body).toEqual([{ ...file, createdAt: expect.any(String) }]);
    const response = await download(entry.id, file.id, owner);
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer()).equals(content)).toBe(true);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename*=UTF-8''Ada%20Lovelace%20%E2%80%93%20first%20aid.pdf`,
    );
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    const entries = await request<EntryView[]>(app, 'GET', `/api/entries?userId=${owner.user.id}`, { token: owner.token });
    expect(entries.body.find((listed) => listed.id === entry.id)?.evidenceCount).toBe(1);
  });

  it.each([
    ['a renamed Linux executable', ELF, 'certificate.pdf'],
    ['a renamed Windows executable', PE, 'certificate.pdf'],
    ['an HTML page named .pdf', HTML, 'certificate.pdf'],
    ['an HTML page named .jpg', HTML, 'photo.jpg'],
  ])('refuses %s, judged from its content, and stores nothing', async (_kind, content, name) => {
    const entry = await newEntry();
    expect(await upload(entry.id, owner, content, name)).toEqual({ status: 400, body: { error: M.unsupportedType } });
    expect(await storedFilesOf(entry.id)).toBe(0);
    expect((await list(entry.id)).body).toEqual([]);
  });

  it('stores a photo without its location and camera, and makes a thumbnail', async () => {
    const entry = await newEntry();
    const photo = await photoWithLocation();
    expect((await sharp(photo).metadata()).exif, 'the fixture carries EXIF').toBeDefined();

    const file = await attach(entry.id, photo, 'IMG_0001.jpg');

    expect(file.type).toBe('image/jpeg');
    const stored = Buffer.from(await (await download(entry.id, file.id, manager)).arrayBuffer());
    const metadata = await sharp(stored).metadata();
    expect(metadata.exif).toBeUndefined();
    expect(stored.includes(Buffer.from('PhoneMaker'))).toBe(false);
    expect({ format: metadata.format, width: metadata.width, height: metadata.height }).toEqual({
      format: 'jpeg',
      width: 640,
      height: 480,
    });
    expect(file.sha256).toBe(createHash('sha256').update(stored).digest('hex'));

    const thumbnail = await fetch(`${app.baseUrl}/api/entries/${entry.id}/evidence/${file.id}/thumbnail`, {
      headers: { authorization: `Bearer ${manager.token}` },
    });
    expect(thumbnail.status).toBe(200);
    expect(thumbnail.headers.get('content-type')).toBe('image/webp');
    expect(thumbnail.headers.get('x-content-type-options')).toBe('nosniff');
    const small = await sharp(Buffer.from(await thumbnail.arrayBuffer())).metadata();
    expect(Math.max(small.width, small.height)).toBeLessThanOrEqual(256);
  });

  it('refuses anyone but the owner, and an entry that is not there', async () => {
    const entry = await newEntry();
    expect(await upload(entry.id, manager, pdf(), 'a.pdf')).toEqual({ status: 403, body: { error: M.attachOwnEntriesOnly } });
    expect(await upload(entry.id, otherTeam, pdf(), 'a.pdf')).toEqual({
      status: 404,
      body: { error: ENTRY_MESSAGES.entryNotFound },
    });
    expect(await upload(99_999_999, owner, pdf(), 'a.pdf')).toEqual({ status: 404, body: { error: ENTRY_MESSAGES.entryNotFound } });
    expect(await upload(entry.id, owner, pdf(), 'a.pdf', 'other')).toEqual({ status: 400, body: { error: M.fileRequired } });
    expect(await storedFilesOf(entry.id)).toBe(0);
  });
});

describe('who downloads a file', () => {
  it('the owner, their manager, HR and admins; not SMT nor a colleague of another team (403); an unknown file is a 404', async () => {
    const entry = await newEntry();
    const file = await attach(entry.id, pdf(), 'certificate.pdf');
    for (const allowed of [owner, manager, hr, admin]) expect((await download(entry.id, file.id, allowed)).status).toBe(200);
    for (const refused of [otherTeam, colleague, smt]) {
      const response = await download(entry.id, file.id, refused);
      expect({ status: response.status, body: await response.json() }).toEqual({
        status: 403,
        body: { error: M.evidenceAccessDenied },
      });
      expect((await list(entry.id, refused)).status).toBe(403);
    }
    expect((await download(entry.id, file.id + 1_000, owner)).status).toBe(404);
    expect((await download(99_999_999, file.id, owner)).status).toBe(404);
  });
});

describe('limits', () => {
  it('refuses a file over EVIDENCE_MAX_MB with 413 and stores nothing', async () => {
    const entry = await newEntry();
    const answer = await upload(entry.id, owner, pdf(MAX_FILE_BYTES + 10), 'big.pdf');
    expect(answer).toEqual({ status: 413, body: { error: M.fileTooLarge(1) } });
    expect(await storedFilesOf(entry.id)).toBe(0);
  });

  it('takes 5 files on an entry, not a sixth', async () => {
    const entry = await newEntry();
    for (let index = 0; index < 5; index += 1) await attach(entry.id, pdf(), `page-${index}.pdf`);
    expect(await upload(entry.id, owner, pdf(), 'page-6.pdf')).toEqual({ status: 400, body: { error: M.tooManyFiles(5) } });
    expect(await storedFilesOf(entry.id)).toBe(5);
  });

  // Both pass the check before the upload (checked: two ids are allocated) and write their bytes; the second
  // append meets the first's and is refused on the fresh stream, and its bytes are deleted.
  it('keeps 5 when two uploads race for the last place: the refused one leaves no bytes', async () => {
    const entry = await newEntry();
    for (let index = 0; index < 4; index += 1) await attach(entry.id, pdf(), `page-${index}.pdf`);
    const raced = await Promise.all([
      upload(entry.id, owner, pdf(600_000), 'a.pdf'),
      upload(entry.id, owner, pdf(600_000), 'b.pdf'),
    ]);
    expect(raced.map((answer) => answer.status).sort()).toEqual([201, 400]);
    expect(raced.find((answer) => answer.status === 400)?.body).toEqual({ error: M.tooManyFiles(5) });
    expect(await storedFilesOf(entry.id)).toBe(5);
    expect((await list(entry.id)).body).toHaveLength(5);
  });

  it("caps a person's files at EVIDENCE_QUOTA_MB", async () => {
    const saver = await createUserAndLogin(app, { managerId: manager.user.id });
    const entry = await newEntry(saver);
    const nearlyOneMegabyte = pdf(MAX_FILE_BYTES - 1_000);
    for (let index = 0; index < 3; index += 1) await attach(entry.id, nearlyOneMegabyte, `scan-${index}.pdf`, saver);
    expect(await upload(entry.id, saver, pdf(5_000), 'one-more.pdf')).toEqual({ status: 413, body: { error: M.quotaExceeded(3) } });
    expect(await storedFilesOf(entry.id)).toBe(3);
  });

  it('stores nothing of an upload the client cuts off half-way', async () => {
    const entry = await newEntry();
    const boundary = 'cut-off-boundary';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="half.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    );
    const { port } = new URL(app.baseUrl);
    const sent = await new Promise<void>((resolve) => {
      const req = http.request({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: `/api/entries/${entry.id}/evidence`,
        headers: {
          authorization: `Bearer ${owner.token}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(head.length + 800_000),
        },
      });
      req.on('error', () => resolve());
      req.write(Buffer.concat([head, pdf(400_000)]), () => setTimeout(() => req.destroy(), 300));
      req.on('close', () => resolve());
    });
    expect(sent).toBeUndefined();
    await vi.waitFor(async () => expect(await storedFilesOf(entry.id)).toBe(0), { timeout: 5_000 });
    expect((await list(entry.id)).body).toEqual([]);
  });
});

describe('removing a file', () => {
  it('by the owner or an admin deletes the bytes; a manager may not', async () => {
    const entry = await newEntry();
    const first = await attach(entry.id, pdf(), 'one.pdf');
    const second = await attach(entry.id, pdf(), 'two.pdf');
    const remove = (id: number, user: SignedInTestUser) =>
      request(app, 'DELETE', `/api/entries/${entry.id}/evidence/${id}`, { token: user.token });

    expect(await remove(first.id, manager)).toMatchObject({ status: 403, body: { error: M.removeOwnFilesOnly } });
    expect((await remove(first.id, owner)).status).toBe(204);
    expect((await remove(second.id, admin)).status).toBe(204);
    expect(await remove(second.id, owner)).toMatchObject({ status: 404, body: { error: M.evidenceNotFound } });
    expect(await storedFilesOf(entry.id)).toBe(0);
    expect((await list(entry.id)).body).toEqual([]);

    const history = await request(app, 'GET', `/api/history/entries/${entry.id}`, { token: admin.token });
    expect(history.body.items.map((item: { event: string }) => item.event)).toEqual([
      'EntryLogged',
      'EvidenceAttached',
      'EvidenceAttached',
      'EvidenceRemoved',
      'EvidenceRemoved',
    ]);
  });

  it('deleting the entry deletes its files', async () => {
    const entry = await newEntry();
    await attach(entry.id, pdf(), 'one.pdf');
    expect((await request(app, 'DELETE', `/api/entries/${entry.id}`, { token: owner.token })).status).toBe(200);
    expect(await storedFilesOf(entry.id)).toBe(0);
    expect((await list(entry.id)).status).toBe(404);
  });

  it("erasing the person deletes their files' bytes", async () => {
    const leaver = await createUserAndLogin(app, { managerId: manager.user.id, firstName: 'Lea', lastName: 'Ver' });
    const entry = await newEntry(leaver);
    await attach(entry.id, pdf(), 'Lea Ver certificate.pdf', leaver);
    expect((await request(app, 'POST', `/api/users/${leaver.user.id}/deactivate`, { token: admin.token })).status).toBe(204);
    const erased = await request(app, 'POST', `/api/users/${leaver.user.id}/erase`, {
      token: admin.token,
      body: { confirmName: 'Lea Ver' },
    });
    expect(erased.status).toBe(204);
    expect(await storedFilesOf(entry.id)).toBe(0);
    expect((await list(entry.id, admin)).body).toEqual([]);
  });
});

describe('bytes a crash left', () => {
  it('are deleted a day on when no event names them; attached files stay', async () => {
    const entry = await newEntry();
    const attached = await attach(entry.id, pdf(), 'kept.pdf');
    // A process killed between writing the bytes and appending EvidenceAttached, two days ago.
    const orphan = await app.ctx.ids.next('evidence');
    await app.ctx.pool.query(
      'INSERT INTO evidence.files (id, entry_id, owner_id, created_at) VALUES ($1, $2, $3, now() - $4::interval)',
      [orphan, entry.id, owner.user.id, '2 days'],
    );
    await app.ctx.pool.query("UPDATE evidence.files SET created_at = now() - interval '2 days' WHERE id = $1", [attached.id]);
    // As a read model still catching up would: it lists no file, and the stream keeps the attached one.
    await app.ctx.pool.query('DELETE FROM read_models.evidence WHERE evidence_id = $1', [attached.id]);

    expect(await sweepUnnamedFiles(app.ctx)).toBe(1);
    expect(await storedFilesOf(entry.id)).toBe(1);
    const { rows } = await app.ctx.pool.query<{ id: number }>('SELECT id FROM evidence.files WHERE entry_id = $1', [entry.id]);
    expect(rows).toEqual([{ id: attached.id }]);
  });
});
