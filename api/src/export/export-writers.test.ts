import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { csvLine } from './export-writers';

/** The cells a spreadsheet sees in `line` when it splits at `delimiter` (Excel in much of Europe: `;`). */
const cellsAt = (line: string, delimiter: string) => Papa.parse<string[]>(line.trimEnd(), { delimiter }).data[0];

describe('a CSV line of the export', () => {
  it('quotes a field holding any separator, a quote or a line break, and no other', () => {
    expect(csvLine(['plain', 'a,b', 'a;b', 'a\tb', 'say "hi"', 'two\nlines', 'back\rslash', 1.5, true, null])).toBe(
      'plain,"a,b","a;b","a\tb","say ""hi""","two\nlines","back\rslash",1.5,true,\r\n',
    );
  });

  it.each([',', ';', '\t'])('leaves no cell a spreadsheet splitting at %j would run as a formula', (delimiter) => {
    const line = csvLine(['x;=1+2', 'y,@SUM(A1)', 'z\t-3', '+4', 'ok']);
    for (const cell of cellsAt(line, delimiter)!) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
  });

  it("keeps an entry named x;=1+2 one cell, neutralised, where ',' separates", () => {
    expect(csvLine(['x;=1+2', 'next'])).toBe(`"x;'=1+2",next\r\n`);
    expect(cellsAt(csvLine(['x;=1+2', 'next']), ',')).toEqual(["x;'=1+2", 'next']);
  });
});
