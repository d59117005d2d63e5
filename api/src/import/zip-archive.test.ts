import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { ZipArchive } from './zip-archive';

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
    expect(archive.text('xl/stored.xml')).toBe('kept as it is');
    expect(archive.text('xl/deflated.xml')).toBe(long);
    expect(archive.text('xl/missing.xml')).toBe('');
    expect(await streamed(archive, 'xl/stored.xml')).toBe('kept as it is');
    expect(await streamed(archive, 'xl/deflated.xml')).toBe(long);
  });

  it('reads ZIP64 sizes and offsets', async () => {
    const archive = ZipArchive.open(zip64Archive('xl/workbook.xml', '<workbook/>'));
    expect(archive.text('xl/workbook.xml')).toBe('<workbook/>');
    expect(await streamed(archive, 'xl/workbook.xml')).toBe('<workbook/>');
  });

  it('refuses bytes that are no zip archive, or a cut one', async () => {
    expect(() => ZipArchive.open(Buffer.from('PK\u0003\u0004 this is no zip'))).toThrow('it is not a zip archive');
    const zip = new JSZip();
    zip.file('a.txt', 'x'.repeat(1000), { compression: 'STORE' });
    const bytes = await zip.generateAsync({ type: 'nodebuffer' });
    const cut = Buffer.concat([bytes.subarray(0, 100), bytes.subarray(bytes.length - 200)]);
    expect(() => ZipArchive.open(cut).text('a.txt')).toThrow();
  });
});
