import { mkdtemp, readdir, stat } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import JSZip from 'jszip';
import { ADMIN_MESSAGES as M, IMPORT_LIMITS } from '@tht/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createUserAndLogin, type SignedInTestUser } from '../testing/accounts';
import { logEntryAs } from '../testing/entries';
import { startTestApp, type TestApp } from '../testing/test-app';
import { importUploadsFolder } from './import-routes';
import { deflateBomb, exportedWorkbook, workbookParts, zipOf, type ZipPart } from './testing/hostile-files';
import { upload } from '../testing/import-uploads';

/**
 * Hostile files through the real app: each is refused with a 4xx `{error}` naming the limit, within
 * seconds, and the process lives on to answer the next request.
 */
let app: TestApp;
let admin: SignedInTestUser;

beforeAll(async () => {
  app = await startTestApp({ config: { dataDir: await mkdtemp(path.join(tmpdir(), 'tht-import-limits-')) } });
  admin = await createUserAndLogin(app, { role: 'admin' });
  const ada = await createUserAndLogin(app, { firstName: 'Ada', lastName: 'Adams' });
  await logEntryAs(app, ada, { trainingName: 'Risk Management', date: '2025-03-01', hours: 2 });
}, 60_000);
afterAll(() => app?.close());

afterEach(async () => {
  for (let wait = 0; wait < 50 && (await readdir(importUploadsFolder(app.ctx))).length > 0; wait += 1)
    await new Promise((resolve) => setTimeout(resolve, 20));
  expect(await readdir(importUploadsFolder(app.ctx))).toEqual([]);
});

/**
 * Uploads a workbook for a dry run and expects it refused with `status` and `error` within `seconds`
 * of this process's CPU time (the app runs in it), the API still answering. CPU time, not the
 * clock: it counts the work done (a bomb inflated whole takes far more), whatever else the machine runs.
 */
async function expectRefused(name: string, bytes: Buffer, status: number, error: string, seconds = 5): Promise<void> {
  const cpuAtStart = process.cpuUsage();
  const response = await upload(app, admin.token, { name, content: new Uint8Array(bytes) }, '?dryRun=true');
  expect(response.status, JSON.stringify(response.body)).toBe(status);
  expect(response.body).toEqual({ error });
  const cpu = process.cpuUsage(cpuAtStart);
  expect((cpu.user + cpu.system) / 1_000).toBeLessThan(seconds * 1000);
  expect((await fetch(`${app.baseUrl}/api/health`)).status).toBe(200);
}

/** The product's own export workbook with its Entries sheet's XML changed by `change`. */
async function exportWithEntries(change: (sheetXml: string) => string): Promise<Buffer> {
  const zip = await JSZip.loadAsync(await exportedWorkbook(app, admin));
  const workbook = await zip.file('xl/workbook.xml')!.async('string');
  const relationships = await zip.file('xl/_rels/workbook.xml.rels')!.async('string');
  const id = /<sheet [^>]*name="Entries"[^>]*r:id="([^"]+)"/.exec(workbook)![1]!;
  const target = new RegExp(`Id="${id}"[^>]*Target="/?(?:xl/)?([^"]+)"`).exec(relationships)![1]!;
  const sheet = zip.file(`xl/${target}`)!;
  zip.file(`xl/${target}`, change(await sheet.async('string')));
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

const unpacksTooLarge = M.importUnpacksTooLarge;
const brokenXlsx = (reason: string) => M.importBrokenFile('XLSX', reason);

describe('POST /api/import refuses a workbook beyond the sheet limits', () => {
  it('a cell reference beyond column XFD (16,384 columns): 400 naming the limit, and the process lives', async () => {
    const bytes = await exportWithEntries((xml) => xml.replace(/<row r="2"[^>]*>/, '$&<c r="ZZZZZZZ2"><v>1</v></c>'));
    expect(bytes.length).toBeLessThan(20_000);
    await expectRefused('export.xlsx', bytes, 400, brokenXlsx(M.columnBeyondLimit('ZZZZZZZ2', 16_384)));
  });
});

const SHEET = 'xl/worksheets/sheet1.xml';
const MB = 1024 * 1024;
/** A workbook of one sheet, Entries, whose sheet part is `sheet` (and shared strings part `strings`). */
const workbookWith = (sheet: Partial<ZipPart>, strings?: Partial<ZipPart>) =>
  zipOf(
    workbookParts('', strings ? '' : undefined).map((part) =>
      part.name === SHEET ? { ...part, ...sheet } : part.name === 'xl/sharedStrings.xml' ? { ...part, ...strings } : part,
    ),
  );

describe('POST /api/import refuses a zip bomb within seconds', () => {
  it('a 2.6 MB workbook whose sheet inflates to 2.5 GiB of spaces: 413 naming the limit', async () => {
    const bomb = deflateBomb(2_560, ' ', '<worksheet><sheetData>');
    const bytes = workbookWith({ content: bomb, deflated: true, declaredSize: 2_560 * MB });
    expect(bytes.length).toBeLessThan(3 * MB);
    await expectRefused('bomb.xlsx', bytes, 413, unpacksTooLarge(M.partBeyondSize(SHEET, IMPORT_LIMITS.partMegabytes)));
  });

  it('the same bomb stating a size within the limits is cut off at that size: 400', async () => {
    for (const declaredSize of [MB, 200 * MB]) {
      const bytes = workbookWith({ content: deflateBomb(2_560, ' ', '<worksheet><sheetData>'), deflated: true, declaredSize });
      await expectRefused('lying-bomb.xlsx', bytes, 400, brokenXlsx(M.partNotStatedSize(SHEET)));
    }
  });

  it('a bomb packed more than 100 times: 413 before it is inflated', async () => {
    await expectRefused(
      'packed.xlsx',
      workbookWith({ content: deflateBomb(300, '<row><c><v>1</v></c></row>'), deflated: true, declaredSize: 300 * MB }),
      413,
      unpacksTooLarge(M.partBeyondRatio(SHEET, 100)),
    );
  });
});

describe('POST /api/import scans hostile XML in linear time, within bounded buffers', () => {
  it('a sheet with no </row>: 400 once the row passes 2,048 KB', async () => {
    const sheet = `<worksheet><sheetData><row r="1">${'<c><v>1</v></c>'.repeat(1_000_000)}`;
    await expectRefused('endless-row.xlsx', workbookWith({ content: sheet, stored: true }), 400, brokenXlsx(M.rowTooLong(2_048)));
  });

  it('1,000,000 unclosed <si>: 413 for a few KB packed, 400 once the item passes 2,048 KB stored', async () => {
    const strings = `<sst>${'<si>'.repeat(1_000_000)}`;
    const sheet = { content: '<worksheet><sheetData><row><c t="s"><v>0</v></c></row></sheetData></worksheet>' };
    const packed = workbookWith(sheet, { content: strings });
    expect(packed.length).toBeLessThan(20_000);
    await expectRefused('strings.xlsx', packed, 413, unpacksTooLarge(M.partBeyondRatio('xl/sharedStrings.xml', 100)));
    await expectRefused(
      'strings.xlsx',
      workbookWith(sheet, { content: strings, stored: true }),
      400,
      brokenXlsx(M.sharedStringTooLong(2_048)),
    );
  });
});

/** Waits until `check` holds, at most `milliseconds`; answers whether it did. */
async function eventually(check: () => Promise<boolean>, milliseconds = 2_000): Promise<boolean> {
  const deadline = Date.now() + milliseconds;
  while (!(await check())) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return true;
}

describe('POST /api/import with an upload the client aborts', () => {
  it('keeps the upload readable by the API alone while it arrives, and removes it at once when the client goes away', async () => {
    const folder = importUploadsFolder(app.ctx);
    expect((await stat(folder)).mode & 0o777).toBe(0o700);
    const boundary = 'hostile-boundary';
    const upload = http.request(`${app.baseUrl}/api/import?dryRun=true`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${admin.token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(40 * MB),
      },
    });
    upload.on('error', () => {});
    upload.write(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="half.csv"\r\n\r\n`);
    upload.write('employeeEmail,trainingName,date,hours\r\n'.repeat(100_000));
    expect(await eventually(async () => (await readdir(folder)).length === 1)).toBe(true);
    const [file] = await readdir(folder);
    expect((await stat(path.join(folder, file!))).mode & 0o777).toBe(0o600);

    upload.destroy();
    expect(await eventually(async () => (await readdir(folder)).length === 0, 1_000)).toBe(true);
  });
});
