import { describe, expect, it } from 'vitest';
import { ENTRY_EXPORT_COLUMNS, XLSX_ROWS_PER_SHEET } from '../export/export-format';
import { IMPORT_LIMITS, IMPORT_MAX_MEGABYTES, IMPORT_MAX_ROWS } from './import';

/**
 * Export All Data of the organisation the product is sized for (issue 33: `bench/organisation.ts`
 * at 10,000 people and 2,000,000 entries over five years): its files' sizes as measured there, a
 * row of its Entries sheet's XML as `bench/export-round-trip.ts` measures it (about 900 bytes; a
 * kilobyte here), and room for many custom form fields (each a column of the Entries sheet).
 */
const ORGANISATION_EXPORT = {
  entries: 2_000_000,
  people: 10_000,
  years: 5,
  csvMegabytes: 402,
  xlsxMegabytes: 230,
  sheetXmlBytesPerRow: 1_024,
  customFields: 20,
};
const MB = 1024 * 1024;

describe('the import admits the whole export of an organisation (decision 056)', () => {
  const { entries, people, years, csvMegabytes, xlsxMegabytes, sheetXmlBytesPerRow, customFields } = ORGANISATION_EXPORT;

  it('its file, as CSV or as a workbook', () => {
    expect(IMPORT_MAX_MEGABYTES).toBeGreaterThanOrEqual(Math.max(csvMegabytes, xlsxMegabytes));
  });

  it('every row of it: the entries, the accounts and their targets of every year', () => {
    expect(IMPORT_MAX_ROWS).toBeGreaterThanOrEqual(entries + people + people * years);
  });

  it('a worksheet filled to Excel’s rows: its rows, its cells, its XML unpacked', () => {
    expect(IMPORT_LIMITS.rowsPerSheet).toBeGreaterThanOrEqual(XLSX_ROWS_PER_SHEET);
    expect(IMPORT_LIMITS.cellsPerSheet).toBeGreaterThanOrEqual(XLSX_ROWS_PER_SHEET * (ENTRY_EXPORT_COLUMNS.length + customFields));
    expect(IMPORT_LIMITS.partMegabytes * MB).toBeGreaterThanOrEqual(XLSX_ROWS_PER_SHEET * sheetXmlBytesPerRow);
  });

  it('every worksheet of it unpacked together', () => {
    expect(IMPORT_LIMITS.workbookMegabytes * MB).toBeGreaterThanOrEqual((entries + people + people * years) * sheetXmlBytesPerRow);
  });
});
