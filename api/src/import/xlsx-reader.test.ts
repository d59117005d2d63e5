import { PassThrough } from 'node:stream';
import { ADMIN_MESSAGES as M, IMPORT_LIMITS } from '@tht/contracts';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { LINEAR_TIME_MS, workbookParts, zipOf } from './testing/hostile-files';
import { openWorkbook, serialDateText, type XlsxLimits, type XlsxRow } from './xlsx-reader';

async function readAll(bytes: Buffer, limits: XlsxLimits = IMPORT_LIMITS): Promise<Record<string, XlsxRow[]>> {
  const sheets: Record<string, XlsxRow[]> = {};
  for (const sheet of await openWorkbook(bytes, limits)) {
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
    await expect(openWorkbook(bytes)).rejects.toThrow('it has no workbook part');
  });
});

/** A workbook of one sheet whose XML is `sheetXml` (and shared strings `sharedStringsXml`), stored (its repeats would pack beyond the ratio limit). */
const hostileWorkbook = (sheetXml: string, sharedStringsXml?: string) =>
  zipOf(workbookParts(sheetXml, sharedStringsXml).map((part) => ({ ...part, stored: true })));
const sheetOf = (rows: string) => `<worksheet><sheetData>${rows}</sheetData></worksheet>`;

/** Reads every sheet of `bytes`, expecting it refused with `reason` within `milliseconds`. */
async function expectRefused(bytes: Buffer, reason: string, milliseconds = LINEAR_TIME_MS): Promise<void> {
  const started = performance.now();
  await expect(readAll(bytes)).rejects.toThrow(reason);
  expect(performance.now() - started).toBeLessThan(milliseconds);
}

describe('openWorkbook within its limits', () => {
  it('refuses a cell beyond column XFD before making room for it, and reads XFD itself', async () => {
    await expectRefused(
      hostileWorkbook(sheetOf('<row r="2"><c r="ZZZZZZZ2"><v>1</v></c></row>')),
      M.columnBeyondLimit('ZZZZZZZ2', 16_384),
    );
    await expectRefused(hostileWorkbook(sheetOf('<row r="2"><c r="XFE2"><v>1</v></c></row>')), M.columnBeyondLimit('XFE2', 16_384));
    const long = `${'A'.repeat(1_000_000)}1`;
    await expectRefused(hostileWorkbook(sheetOf(`<row><c r="${long}"/></row>`)), 'is beyond the last column');
    await expectRefused(hostileWorkbook(sheetOf(`<row>${'<c><v>1</v></c>'.repeat(16_385)}</row>`)), 'cell number 16385 of row 1');
    const sheets = await readAll(hostileWorkbook(sheetOf('<row r="3"><c r="XFD3"><v>7</v></c></row>')));
    expect(sheets.Entries![0]!.cells).toHaveLength(16_384);
    expect(sheets.Entries![0]!.cells.at(-1)).toBe('7');
  });

  it('refuses a row beyond row 1,048,576, by number or by count', async () => {
    await expectRefused(hostileWorkbook(sheetOf('<row r="1048577"><c><v>1</v></c></row>')), M.rowBeyondLimit('1048577', 1_048_576));
    await expectRefused(
      hostileWorkbook(sheetOf('<row r="1048576"/><row><c><v>1</v></c></row>')),
      M.rowBeyondLimit('1048577', 1_048_576),
    );
  });

  it('refuses a sheet of more cells than its limit, counting the empty ones before a cell', async () => {
    const limits = { ...IMPORT_LIMITS, cellsPerSheet: 100_000 };
    const rows = Array.from({ length: 10 }, (_, row) => `<row><c r="XFD${row + 1}"><v>1</v></c></row>`).join('');
    await expect(readAll(hostileWorkbook(sheetOf(rows)), limits)).rejects.toThrow(M.tooManyCells(100_000));
  });

  it('refuses more shared strings, or more of their text, than its limits', async () => {
    const strings = `<sst>${'<si><t>Risk</t></si>'.repeat(1_000)}</sst>`;
    const sheet = sheetOf('<row><c t="s"><v>999</v></c></row>');
    expect((await readAll(hostileWorkbook(sheet, strings))).Entries).toEqual([{ number: 1, cells: ['Risk'] }]);
    await expect(readAll(hostileWorkbook(sheet, strings), { ...IMPORT_LIMITS, sharedStrings: 999 })).rejects.toThrow(
      M.tooManySharedStrings(999),
    );
    const text = `<sst>${`<si><t>${'x'.repeat(1024)}</t></si>`.repeat(2_000)}</sst>`;
    await expect(readAll(hostileWorkbook(sheet, text), { ...IMPORT_LIMITS, sharedStringsMegabytes: 1 })).rejects.toThrow(
      M.sharedStringsTooLarge(1),
    );
  });

  it('scans hostile XML in linear time: a sheet without </row>, unclosed string items, tags without end', async () => {
    const endless = sheetOf(`<row r="1">${'<c><v>1</v></c>'.repeat(4_000_000)}`);
    await expectRefused(hostileWorkbook(endless), M.rowTooLong(2_048));
    await expectRefused(
      hostileWorkbook(sheetOf('<row><c><v>1</v></c></row>'), '<si>'.repeat(1_000_000)),
      M.sharedStringTooLong(2_048),
    );

    const cellsWithoutEnd = sheetOf(`${'<row><c r="A1"><v>1</row>'.repeat(200_000)}`);
    const started = performance.now();
    expect((await readAll(hostileWorkbook(cellsWithoutEnd))).Entries).toEqual([]);
    const rowsWithoutCells = sheetOf(`<row>${'<c '.repeat(500_000)}</row><row>${'<v>'.repeat(500_000)}</row>`);
    expect((await readAll(hostileWorkbook(rowsWithoutCells))).Entries).toEqual([]);
    expect(performance.now() - started).toBeLessThan(LINEAR_TIME_MS);
  });

  it('reads its small parts in linear time: start tags without end, attributes without value, deep nesting', async () => {
    const parts = workbookParts(sheetOf('<row><c><v>1</v></c></row>'));
    const hostile = [
      { name: 'xl/workbook.xml', content: `<workbook><sheets>${'<sheet name="x" '.repeat(300_000)}` },
      { name: 'xl/_rels/workbook.xml.rels', content: `<Relationships>${'<Relationship Id'.repeat(300_000)}` },
      { name: 'xl/styles.xml', content: `<styleSheet>${'<cellXfs>'.repeat(300_000)}${'<numFmt formatCode="'.repeat(100_000)}` },
    ];
    for (const part of hostile) {
      const started = performance.now();
      const bytes = zipOf([...parts.filter((kept) => kept.name !== part.name), part].map((kept) => ({ ...kept, stored: true })));
      await readAll(bytes).catch(() => undefined);
      expect(performance.now() - started, part.name).toBeLessThan(LINEAR_TIME_MS);
    }
    const depth = 50_000;
    const nested = sheetOf(`<row>${'<c t="inlineStr"><is>'.repeat(depth)}<t>deep</t>${'</is></c>'.repeat(depth)}</row>`);
    expect((await readAll(hostileWorkbook(nested))).Entries).toEqual([{ number: 1, cells: ['deep'] }]);
  });
});

it('turns date serials into dates in both date systems', () => {
  expect(serialDateText(45731, false)).toBe('2025-03-15');
  expect(serialDateText(45731.5625, false)).toBe('2025-03-15T13:30:00.000Z');
  expect(serialDateText(44269, true)).toBe('2025-03-15');
});
