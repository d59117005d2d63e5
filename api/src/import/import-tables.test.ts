import { ADMIN_MESSAGES as M } from '@tht/contracts';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { CSV_CHUNK_BYTES, openSheets, type SourceRow } from './import-tables';
import { LINEAR_TIME_MS } from './testing/hostile-files';
import { savedUpload } from './testing/uploads';

async function readAll(rows: Iterable<SourceRow> | AsyncIterable<SourceRow>): Promise<SourceRow[]> {
  const read: SourceRow[] = [];
  for await (const row of rows) read.push(row);
  return read;
}

/** What one parse of the whole text gives: every row numbered, the blank ones left out. */
function parsedWhole(text: string): SourceRow[] {
  return Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: false })
    .data.map((cells, index) => ({ number: index + 1, cells }))
    .filter((row) => row.cells.some((cell) => cell.trim() !== ''));
}

const csvSheet = async (content: string | Uint8Array) => (await openSheets(await savedUpload('csv', content)))[0]!;

describe('reading a CSV a chunk at a time', () => {
  it('gives the rows one parse of the whole text gives, however chunks cut rows, quotes and characters', async () => {
    const cells = (index: number) => [
      `Course ${index}`,
      index % 5 === 0 ? `"Notes, with a comma and ""quotes"" and a\r\nline break"` : 'plain',
      index % 7 === 0 ? 'Ünïcödé – 😀 ✓' : 'ascii',
      index % 11 === 0 ? '' : String(index * 0.25),
    ];
    const lines = Array.from({ length: 40_000 }, (_, index) => (index % 13 === 0 ? ',,,' : cells(index).join(',')));
    const text = `\uFEFFname,notes,text,hours\r\n${lines.join('\r\n')}\r\n`;
    expect(Buffer.byteLength(text)).toBeGreaterThan(4 * CSV_CHUNK_BYTES);

    const sheet = await csvSheet(text);
    const rows = await readAll(sheet.rows());
    expect(rows).toEqual(parsedWhole(text));
    expect(rows[0]).toEqual({ number: 1, cells: ['name', 'notes', 'text', 'hours'] });
    expect(rows.find((row) => row.cells[0] === 'Course 35')!.cells).toEqual([
      'Course 35',
      'Notes, with a comma and "quotes" and a\r\nline break',
      'Ünïcödé – 😀 ✓',
      '8.75',
    ]);
    // Read again (as an import does to write), the rows are the same.
    expect(await readAll(sheet.rows())).toEqual(rows);
  });

  it('finds the delimiter and line breaks a spreadsheet wrote, and keeps a mark that is not at the start', async () => {
    const text = 'a;b;c\n1;2;3\n\n4;"x;\ufeffy";6';
    expect(await readAll((await csvSheet(text)).rows())).toEqual([
      { number: 1, cells: ['a', 'b', 'c'] },
      { number: 2, cells: ['1', '2', '3'] },
      { number: 4, cells: ['4', 'x;\ufeffy', '6'] },
    ]);
  });

  it('refuses an unterminated quote with its row, and text that is not UTF-8, wherever it is', async () => {
    const lines = CSV_CHUNK_BYTES / 4;
    const good = 'a,b\r\n'.repeat(lines);
    await expect(readAll((await csvSheet(`${good}1,"open\r\n2,3`)).rows())).rejects.toThrow(
      `Quoted field unterminated (row ${lines + 1})`,
    );
    const notUtf8 = Buffer.concat([Buffer.from(good), Buffer.from([0xff, 0x41])]);
    const sheet = await csvSheet(notUtf8);
    await expect(readAll(sheet.rows())).rejects.toThrow('it is not UTF-8 text');
  });

  it('refuses a row longer than 256 KB (an unterminated quote early in a large file) once it passes the limit, in linear time', async () => {
    const started = performance.now();
    const text = `a,b\r\n1,"open\r\n${'x,y\r\n'.repeat(10_000_000)}`;
    await expect(readAll((await csvSheet(text)).rows())).rejects.toThrow(M.importBrokenFile('CSV', M.rowTooLong(256)));
    expect(performance.now() - started).toBeLessThan(LINEAR_TIME_MS);
  });
});

describe('reading a file while other requests wait', () => {
  /** Reads every row of `sheet`, each taking `rowMs` of synchronous work (as the check's does), and answers the longest the event loop waited meanwhile. */
  /**
   * The most rows read between two turns of the event loop, each row holding the loop for `rowMs`.
   * Counted in rows, not milliseconds, so a process the machine preempts does not look blocked.
   */
  async function mostRowsBetweenTurns(rows: AsyncIterable<SourceRow>, rowMs: number): Promise<number> {
    let sinceTurn = 0;
    let most = 0;
    const timer = setInterval(() => (sinceTurn = 0), 1);
    for await (const _row of rows) {
      for (const started = performance.now(); performance.now() - started < rowMs;);
      most = Math.max(most, ++sinceTurn);
    }
    clearInterval(timer);
    return most;
  }

  it('gives the event loop a turn every few milliseconds, however many rows a chunk holds (CSV and XLSX)', async () => {
    const lines = Array.from({ length: 1_600 }, (_, index) => `Course ${index},${'notes '.repeat(30)},${index}`);
    const csv = await csvSheet(lines.join('\r\n'));
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Entries').addRows(lines.map((line) => line.split(',')));
    const [xlsx] = await openSheets(await savedUpload('xlsx', new Uint8Array(await workbook.xlsx.writeBuffer())));
    // 0.3 ms a row: 200 rows hold the loop for 60 ms.
    for (const sheet of [csv, xlsx!]) expect(await mostRowsBetweenTurns(sheet.rows(), 0.3), sheet.name).toBeLessThan(200);
  });
});
