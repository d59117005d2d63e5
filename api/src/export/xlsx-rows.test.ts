import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import type { Cell } from './export-sheets';
import { whenWritable } from '../platform/http';
import { rowXml, writeRowsXml, zipEntryOf } from './xlsx-rows';

const ROWS: Cell[][] = [
  ['id', 'name', 'hours', 'notes', 'innovative'],
  [1, 'Ada <Lovelace> & "Co" \'s', 1.5, '', true],
  [2, null, 0, 'tab\there\nnew line\r\nand \x01\x0B\x0C\x1F\x7F gone', false],
  [null, 'emoji 🎓 and ünïcode', -3, null, null],
  [null, null, null, null, null],
  [1e21, "'=SUM(A1)", 0.1 + 0.2, 'x'.repeat(5000), true],
  [123456789012, ' leading and trailing ', Number.MAX_SAFE_INTEGER, null, false],
];

/** Every part of a workbook of `ROWS` (the first three in 40 columns: AA, AN), written by `write`, unzipped. */
async function workbookParts(
  write: (worksheet: ExcelJS.Worksheet, row: Cell[], number: number) => void,
): Promise<Record<string, string>> {
  const stream = new PassThrough();
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: false, useSharedStrings: false });
  workbook.created = workbook.modified = new Date(Date.UTC(2026, 0, 1)); // the same in both
  const worksheet = workbook.addWorksheet('Entries');
  const wide = (row: Cell[]) => [...row, ...Array.from({ length: 35 }, (_, index) => (index % 3 === 0 ? null : `c${index}`))];
  ROWS.forEach((row, index) => write(worksheet, index < 3 ? wide(row) : row, index + 1));
  worksheet.commit();
  await workbook.commit();
  const zip = await JSZip.loadAsync(Buffer.concat(chunks));
  const parts: Record<string, string> = {};
  for (const name of Object.keys(zip.files).sort()) parts[name] = await zip.file(name)!.async('string');
  return parts;
}

describe('rowXml (rows written as exceljs writes them, without its row objects)', () => {
  it('gives the very workbook exceljs writes: numbers, yes/no, texts escaped, nulls and empty rows left out, columns past Z', async () => {
    const byExceljs = await workbookParts((worksheet, row) => worksheet.addRow(row).commit());
    const byRowXml = await workbookParts((worksheet, row, number) => writeRowsXml(worksheet, rowXml(number, row)));
    expect(byRowXml).toEqual(byExceljs);
    const sheet = Object.values(byExceljs).find((part) => part.includes('<sheetData>'))!;
    expect(sheet).toContain('<c r="AN3"');
    expect(sheet).not.toContain('<row r="5"');
  });
});

describe("a worksheet's zip entry", () => {
  it('holds back a writer that waits for it: rows read faster than they compress do not pile up', async () => {
    const output = new PassThrough();
    output.resume();
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: false, useSharedStrings: false });
    const worksheet = workbook.addWorksheet('Entries');
    let number = 0;
    const backlogs: number[] = [];
    for (let chunk = 0; chunk < 10; chunk++) {
      let xml = '';
      for (let row = 0; row < 2_000; row++) xml += rowXml(++number, [`Training ${number}`, number, `notes ${'x'.repeat(100)}`]);
      writeRowsXml(worksheet, xml);
      const zipEntry = zipEntryOf(worksheet)!;
      await whenWritable(output, zipEntry);
      backlogs.push((zipEntry as unknown as { _writableState: { length: number } })._writableState.length);
    }
    // Each chunk is about 400 KB of XML: without the wait the backlog grows by that much every chunk.
    expect(Math.max(...backlogs)).toBeLessThan(1_000_000);
  });
});
