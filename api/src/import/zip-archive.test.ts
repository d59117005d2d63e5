import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ADMIN_MESSAGES as M, IMPORT_LIMITS } from '@tht/contracts';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { deflateBomb, zipOf } from './testing/hostile-files';
import { ZipArchive, ZipLimitError } from './zip-archive';

async function streamed(archive: ZipArchive, path: string): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of archive.stream(path)) chunks.push(chunk);
  return Buffer.concat(chunks).toString('utf8');
}

/** An archive of one stored file whose sizes and offset are given in ZIP64 fields only. */
function zip64Archive(name: string, content: string): Buffer {
  const data = Buffer.from(content);
  const fileName = Buffer.from(name);
  const u16 = (value: number) => Buffer.from([value & 0xff, value >> 8]);
  const u32 = (value: number) => {
    const bytes = Buffer.alloc(4);
    bytes.writeUInt32LE(value);
    return bytes;
  };
  const u64 = (value: number) => {
    const bytes = Buffer.alloc(8);
    bytes.writeBigUInt64LE(BigInt(value));
    return bytes;
  };
  const full = u32(0xffffffff);
  const local = Buffer.concat([
    u32(0x04034b50), u16(45), u16(0), u16(0), u32(0), u32(0), full, full, u16(fileName.length), u16(20), fileName,
    u16(1), u16(16), u64(data.length), u64(data.length), data,
  ]); // prettier-ignore
  const directory = Buffer.concat([
    u32(0x02014b50), u16(45), u16(45), u16(0), u16(0), u32(0), u32(0), full, full, u16(fileName.length), u16(28), u16(0),
    u16(0), u16(0), u32(0), full, fileName, u16(1), u16(24), u64(data.length), u64(data.length), u64(0),
  ]); // prettier-ignore
  const record = Buffer.concat([
    u32(0x06064b50), u64(44), u16(45), u16(45), u32(0), u32(0), u64(1), u64(1), u64(directory.length), u64(local.length),
  ]); // prettier-ignore
  const locator = Buffer.concat([u32(0x07064b50), u32(0), u64(local.length + directory.length), u32(1)]);
  const end = Buffer.concat([u32(0x06054b50), u16(0), u16(0), u16(0xffff), u16(0xffff), full, full, u16(0)]);
  return Buffer.concat([local, directory, record, locator, end]);
}

describe('ZipArchive', () => {
  it('reads stored and deflated files, whole or as a stream', async () => {
    const zip = new JSZip();
    const long = 'Risk <Management> – ünïcode\n'.repeat(20_000);
    zip.file('xl/stored.xml', 'kept as it is', { compression: 'STORE' });
    zip.file('xl/deflated.xml', long, { compression: 'DEFLATE' });
    const archive = ZipArchive.open(await zip.generateAsync({ type: 'nodebuffer', comment: 'a comment' }));

    expect(archive.has('xl/stored.xml')).toBe(true);
    expect(archive.has('xl/missing.xml')).toBe(false);
    expect(await archive.text('xl/stored.xml', 1)).toBe('kept as it is');
    expect(await archive.text('xl/deflated.xml', 1)).toBe(long);
    expect(await archive.text('xl/missing.xml', 1)).toBe('');
    expect(await streamed(archive, 'xl/stored.xml')).toBe('kept as it is');
    expect(await streamed(archive, 'xl/deflated.xml')).toBe(long);
  });

  it('reads ZIP64 sizes and offsets', async () => {
    const archive = ZipArchive.open(zip64Archive('xl/workbook.xml', '<workbook/>'));
    expect(await archive.text('xl/workbook.xml', 1)).toBe('<workbook/>');
    expect(await streamed(archive, 'xl/workbook.xml')).toBe('<workbook/>');
  });

  it('reads an archive in a file as it reads one in memory, a piece at a time, and lets the file go', async () => {
    const zip = new JSZip();
    const long = Array.from({ length: 60_000 }, (_, index) => `Risk <Management> – ünïcode ${index * 7919}\n`).join('');
    zip.file('a/stored.pdf', long, { compression: 'STORE' });
    zip.file('a/deflated.csv', long, { compression: 'DEFLATE' });
    zip.file('top.xlsx', 'kept', { compression: 'STORE' });
    const folder = await mkdtemp(path.join(tmpdir(), 'tht-zip-'));
    const file = path.join(folder, 'with-evidence.zip');
    await writeFile(file, await zip.generateAsync({ type: 'nodebuffer', comment: 'c'.repeat(1000) }));
    const archive = ZipArchive.openFile(file, IMPORT_LIMITS);
    expect(archive.paths()).toEqual(['a/', 'a/stored.pdf', 'a/deflated.csv', 'top.xlsx']);
    expect(await streamed(archive, 'a/stored.pdf')).toBe(long);
    expect(await streamed(archive, 'a/deflated.csv')).toBe(long);
    expect((await archive.content('top.xlsx', 1)).toString()).toBe('kept');
    const chunks: number[] = [];
    for await (const chunk of archive.stream('a/stored.pdf')) chunks.push(chunk.length);
    expect(Math.max(...chunks)).toBeLessThanOrEqual(256 * 1024);
    archive.close();
    await expect(streamed(archive, 'a/stored.pdf')).rejects.toThrow(/EBADF/);
    await rm(folder, { recursive: true });
    const zip64File = path.join(await mkdtemp(path.join(tmpdir(), 'tht-zip-')), 'zip64.zip');
    await writeFile(zip64File, zip64Archive('xl/workbook.xml', '<workbook/>'));
    const zip64 = ZipArchive.openFile(zip64File, IMPORT_LIMITS);
    expect(await zip64.text('xl/workbook.xml', 1)).toBe('<workbook/>');
    zip64.close();
    expect(() => ZipArchive.openFile(zip64File.replace('zip64.zip', 'missing.zip'), IMPORT_LIMITS)).toThrow(/ENOENT/);
  });

  it('refuses bytes that are no zip archive, or a cut one', async () => {
    expect(() => ZipArchive.open(Buffer.from('PK\u0003\u0004 this is no zip'))).toThrow('it is not a zip archive');
    const zip = new JSZip();
    zip.file('a.txt', 'x'.repeat(1000), { compression: 'STORE' });
    const bytes = await zip.generateAsync({ type: 'nodebuffer' });
    const cut = Buffer.concat([bytes.subarray(0, 100), bytes.subarray(bytes.length - 200)]);
    await expect(async () => ZipArchive.open(cut).text('a.txt', 1)).rejects.toThrow();
  });
});

describe('ZipArchive within its limits', () => {
  const MB = 1024 * 1024;
  const SHEET = 'xl/worksheets/sheet1.xml';

  it('refuses a bomb by the sizes its directory states, before inflating anything', () => {
    const bomb = deflateBomb(2_560);
    expect(bomb.length).toBeLessThan(3 * MB);
    const open = (declaredSize: number) => () =>
      ZipArchive.open(zipOf([{ name: SHEET, content: bomb, deflated: true, declaredSize }]));
    expect(open(2_560 * MB)).toThrow(new ZipLimitError(M.partBeyondSize(SHEET, IMPORT_LIMITS.partMegabytes)));
    expect(open(400 * MB)).toThrow(new ZipLimitError(M.partBeyondRatio(SHEET, 100)));
    const parts = (count: number) =>
      Array.from({ length: count }, (_, index) => ({ name: `p${index}`, content: ' '.repeat(MB), stored: true }));
    const limits = { ...IMPORT_LIMITS, workbookMegabytes: 2 };
    expect(ZipArchive.open(zipOf(parts(2)), limits).has('p1')).toBe(true);
    expect(() => ZipArchive.open(zipOf(parts(3)), limits)).toThrow(new ZipLimitError(M.workbookBeyondSize(2)));
  });

  it('cuts off a file that inflates to more than its directory states, after that much', async () => {
    const lying = ZipArchive.open(zipOf([{ name: SHEET, content: deflateBomb(2_560), deflated: true, declaredSize: MB }]));
    const started = performance.now();
    let inflated = 0;
    await expect(async () => {
      for await (const chunk of lying.stream(SHEET)) inflated += chunk.length;
    }).rejects.toThrow(M.partNotStatedSize(SHEET));
    expect(inflated).toBeLessThanOrEqual(MB);
    await expect(lying.text(SHEET, 16)).rejects.toThrow(M.partNotStatedSize(SHEET));
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('refuses a file that inflates to less than stated, a stored file whose sizes disagree, ZIP64 sizes that lie', async () => {
    const short = ZipArchive.open(zipOf([{ name: 'a.xml', content: 'short', declaredSize: 10 }]));
    await expect(short.text('a.xml', 1)).rejects.toThrow(M.partNotStatedSize('a.xml'));
    await expect(async () => {
      for await (const _ of short.stream('a.xml'));
    }).rejects.toThrow(M.partNotStatedSize('a.xml'));
    expect(() => ZipArchive.open(zipOf([{ name: 'a.xml', content: 'stored', stored: true, declaredSize: 600 }]))).toThrow(
      M.partNotStatedSize('a.xml'),
    );
    expect(() => ZipArchive.open(zipOf([{ name: 'a.xml', content: 'x', zip64Size: 2n ** 62n }]))).toThrow(
      new ZipLimitError(M.partBeyondSize('a.xml', IMPORT_LIMITS.partMegabytes)),
    );
    const zip64Short = ZipArchive.open(zipOf([{ name: 'a.xml', content: 'x'.repeat(100), zip64Size: 10n }]));
    await expect(zip64Short.text('a.xml', 1)).rejects.toThrow(M.partNotStatedSize('a.xml'));
  });

  it('refuses a whole part read beyond its size limit, and a directory of too many files', async () => {
    const archive = ZipArchive.open(zipOf([{ name: 'xl/styles.xml', content: ' '.repeat(2 * MB), stored: true }]));
    await expect(archive.text('xl/styles.xml', 1)).rejects.toThrow(new ZipLimitError(M.partBeyondSize('xl/styles.xml', 1)));
    const many = zipOf(Array.from({ length: 11 }, (_, index) => ({ name: `p${index}`, content: '' })));
    expect(() => ZipArchive.open(many, { ...IMPORT_LIMITS, zipParts: 10 })).toThrow(new ZipLimitError(M.tooManyZipParts(10)));
  });
});
