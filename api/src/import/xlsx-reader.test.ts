import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { openWorkbook, serialDateText, type XlsxRow } from './xlsx-reader';

async function readAll(bytes: Buffer): Promise<Record<string, XlsxRow[]>> {
  const sheets: Record<string, XlsxRow[]> = {};
  for (const sheet of openWorkbook(bytes)) {
    sheets[sheet.name] = [];
    for await (const row of sheet.rows()) sheets[sheet.name]!.push(row);
  }
  return sheets;
}

describe('openWorkbook', () => {
  it('reads what Excel-like writers store: shared strings, numbers, booleans, formulas, rich text, dates, gaps', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Entries & more');
    sheet.addRow(['name', 'hours', 'done', 'sum', 'rich', 'when', 'stamp']);
    sheet.addRow([
      'Risk <Management> & "Co"',
      1.25,
      true,
      { formula: 'B2*2', result: 2.5 },
      { richText: [{ text: 'Bold ' }, { text: 'and plain' }] },
      new Date(Date.UTC(2025, 2, 15)),
      new Date(Date.UTC(2025, 2, 15, 13, 30)),
    ]);
    sheet.getCell('F2').numFmt = 'dd/mm/yyyy';
    sheet.getCell('G2').numFmt = 'yyyy-mm-dd hh:mm';
    sheet.getCell('C4').value = 'gap before';
    workbook.addWorksheet('Second').addRow(['x']);
    const sheets = await readAll(Buffer.from(await workbook.xlsx.writeBuffer()));

    expect(Object.keys(sheets)).toEqual(['Entries & more', 'Second']);
    expect(sheets['Entries & more']).toEqual([
      { number: 1, cells: ['name', 'hours', 'done', 'sum', 'rich', 'when', 'stamp'] },
      {
        number: 2,
        cells: ['Risk <Management> & "Co"', '1.25', 'true', '2.5', 'Bold and plain', '2025-03-15', '2025-03-15T13:30:00.000Z'],
      },
      { number: 4, cells: ['', '', 'gap before'] },
    ]);
    expect(sheets.Second).toEqual([{ number: 1, cells: ['x'] }]);
  });

  it("reads the streaming writer's workbooks (inline strings, the sheet names written last) across many chunks", async () => {
    const stream = new PassThrough();
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    const writer = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: false, useSharedStrings: false });
    for (const name of ['Entries', 'Users']) {
      const sheet = writer.addWorksheet(name);
      sheet.addRow(['id', 'text']).commit();
      for (let row = 1; row <= 3000; row += 1) sheet.addRow([row, `${name} row ${row} – ünïcode`]).commit();
      sheet.commit();
    }
    await writer.commit();
    const sheets = await readAll(Buffer.concat(chunks));
    expect(Object.keys(sheets)).toEqual(['Entries', 'Users']);
    expect(sheets.Users).toHaveLength(3001);
    expect(sheets.Users![3000]).toEqual({ number: 3001, cells: ['3000', 'Users row 3000 – ünïcode'] });
    expect(sheets.Entries!.map((row) => row.number)).toEqual(Array.from({ length: 3001 }, (_, index) => index + 1));
  });

  it('refuses a zip that is no workbook', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('A');
    const JSZip = (await import('jszip')).default;
    const zip = await JSZip.loadAsync(await workbook.xlsx.writeBuffer());
    zip.remove('xl/workbook.xml');
    const bytes = await zip.generateAsync({ type: 'nodebuffer' });
    expect(() => openWorkbook(bytes)).toThrow('it has no workbook part');
  });
});

it('turns date serials into dates in both date systems', () => {
  expect(serialDateText(45731, false)).toBe('2025-03-15');
  expect(serialDateText(45731.5625, false)).toBe('2025-03-15T13:30:00.000Z');
  expect(serialDateText(44269, true)).toBe('2025-03-15');
});
