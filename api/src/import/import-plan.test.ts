import { ENTRY_EXPORT_COLUMNS, entryDuplicateKey } from '@tht/contracts';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { planImport } from './import-plan';
import { CSV_CHUNK_BYTES, openSheets } from './import-tables';
import type { InstanceSnapshot, KnownUser } from './plan/instance-snapshot';
import type { PlannedEntry } from './plan/planned-records';
import { savedUpload } from './testing/uploads';

const person = (id: number, firstName: string): KnownUser => ({
  id,
  role: 'employee',
  firstName,
  lastName: 'Tester',
  managerName: 'Mia Manager',
  department: 'Engineering',
});
const ada = person(11, 'Ada');
const bob = person(12, 'Bob');
const instance: InstanceSnapshot = {
  orgEmailDomain: 'example.com',
  usersByEmail: new Map([
    ['ada@example.com', ada],
    ['bob@example.com', bob],
  ]),
  departments: new Map(),
  formFields: [],
  fiscalYears: new Set(),
  userTargets: new Set(),
};

const ROWS = 6_000;
/** Rows from 4,000 on repeat an earlier row's course (other letter case, spaces) on its date. */
const REPEAT_AFTER = 4_000;

function row(index: number) {
  const course = index % REPEAT_AFTER;
  const values: Partial<Record<(typeof ENTRY_EXPORT_COLUMNS)[number], string>> = {
    employeeEmail: index % 2 === 0 ? 'ada@example.com' : 'BOB@example.com',
    trainingName: index < REPEAT_AFTER ? `Course ${course}` : ` course ${course} `,
    date: `2025-02-${String(1 + (course % 28)).padStart(2, '0')}`,
    hours: index % 997 === 0 ? 'lots' : '1.5',
  };
  return ENTRY_EXPORT_COLUMNS.map((column) => values[column] ?? '').join(',');
}

async function readAll(entries: AsyncIterable<PlannedEntry>): Promise<PlannedEntry[]> {
  const read: PlannedEntry[] = [];
  for await (const entry of entries) read.push(entry);
  return read;
}

describe('planImport and the entries read again to be written', () => {
  it('keeps of a file only the counts, errors and keys, and reads again the entries a single pass would have kept', async () => {
    const text = [ENTRY_EXPORT_COLUMNS.join(','), ...Array.from({ length: ROWS }, (_, index) => row(index))].join('\r\n');
    expect(text.length).toBeGreaterThan(CSV_CHUNK_BYTES);
    const sheets = await openSheets(await savedUpload('csv', text));
    const plan = await planImport({ format: 'export-csv', sheets, instance });
    const stored = new Set([entryDuplicateKey({ userId: bob.id, trainingName: 'COURSE 3', date: '2025-02-04' })]);
    plan.duplicates = await plan.entries.skipDuplicates(stored);

    // What one pass over every row gives: bad rows fail, the first of equal rows is kept unless stored.
    const seen = new Set<string>();
    const kept: { row: number; owner: number; trainingName: string }[] = [];
    const failed: number[] = [];
    let duplicates = 0;
    for (let index = 0; index < ROWS; index += 1) {
      const number = index + 2;
      if (index % 997 === 0) {
        failed.push(number);
        continue;
      }
      const owner = index % 2 === 0 ? ada.id : bob.id;
      const trainingName = row(index).split(',')[5]!;
      const key = entryDuplicateKey({
        userId: owner,
        trainingName,
        date: `2025-02-${String(1 + ((index % REPEAT_AFTER) % 28)).padStart(2, '0')}`,
      });
      if (stored.has(key) || seen.has(key)) duplicates += 1;
      else {
        seen.add(key);
        kept.push({ row: number, owner, trainingName: trainingName.trim() });
      }
    }

    expect(plan).toMatchObject({ rows: ROWS, duplicates, needsTargetUser: false });
    expect(plan.errors.map((error) => error.row)).toEqual(failed);
    expect(plan.errors[0]).toEqual({ sheet: 'CSV', row: 2, message: 'Hours must be a number' });
    expect(plan.entries.count).toBe(kept.length);
    // Stored: rows 5 and 4,005 (Bob's course 3); a repeat whose first row failed (row 2) is kept.
    expect(kept.some((entry) => entry.row === 5 || entry.row === 4_005)).toBe(false);
    expect(kept.some((entry) => entry.row === REPEAT_AFTER + 2)).toBe(true);

    const written = await readAll(plan.entries.read());
    expect(written.map((entry) => ({ row: entry.row, owner: entry.owner, trainingName: entry.input.trainingName }))).toEqual(kept);
    expect(written[0]!.input).toMatchObject({ firstName: 'Bob', lastName: 'Tester', hours: 1.5, date: '2025-02-02' });
    expect(await readAll(plan.entries.read())).toEqual(written);
  });
});

describe('planImport of an export with entries of one person, training and day', () => {
  /** An export row of Ada's Course A on 1 February with its export `id`. */
  const exported = (id: number, hours: string) => {
    const values: Partial<Record<(typeof ENTRY_EXPORT_COLUMNS)[number], string>> = {
      id: String(id),
      employeeEmail: 'ada@example.com',
      trainingName: 'Course A',
      date: '2025-02-01',
      hours,
    };
    return ENTRY_EXPORT_COLUMNS.map((column) => values[column] ?? '').join(',');
  };
  const text = [ENTRY_EXPORT_COLUMNS.join(','), exported(7, '1'), exported(8, '2'), exported(7, '1')].join('\r\n');
  const plan = async (stored: ReadonlySet<string>) => {
    const planned = await planImport({ format: 'export-csv', sheets: await openSheets(await savedUpload('csv', text)), instance });
    planned.duplicates = await planned.entries.skipDuplicates(stored);
    return planned;
  };

  it('imports each entry (its own export id), and skips a row given twice (the same id)', async () => {
    const planned = await plan(new Set());
    expect(planned).toMatchObject({ rows: 3, duplicates: 1 });
    expect((await readAll(planned.entries.read())).map((entry) => [entry.sourceId, entry.input.hours])).toEqual([
      [7, 1],
      [8, 2],
    ]);
  });

  it('skips every one of them once an entry with their key is stored', async () => {
    const planned = await plan(new Set([entryDuplicateKey({ userId: ada.id, trainingName: 'course a', date: '2025-02-01' })]));
    expect(planned).toMatchObject({ rows: 3, duplicates: 3 });
    expect(await readAll(planned.entries.read())).toEqual([]);
  });
});

describe('planImport of a workbook whose Entries go on in continuation sheets', () => {
  it('reads every part under its own header, names each row by its worksheet, and skips a repeat across parts once', async () => {
    const workbook = new ExcelJS.Workbook();
    const columns = ['employeeEmail', 'trainingName', 'date', 'hours'];
    workbook
      .addWorksheet('Entries')
      .addRows([
        columns,
        ['ada@example.com', 'Course A', '2025-02-01', '1'],
        ['ada@example.com', 'Course B', '2025-02-02', 'lots'],
      ]);
    // Another column order; its row 2 repeats the first part's row 2.
    workbook.addWorksheet('Entries (2)').addRows([
      ['hours', 'date', 'trainingName', 'employeeEmail'],
      ['1', '2025-02-01', 'Course A', 'ada@example.com'],
      ['2', '2025-02-03', 'Course C', 'bob@example.com'],
    ]);
    workbook.addWorksheet('Entries (3)').addRows([columns, ['bob@example.com', 'Course D', '2025-02-04', 'x']]);
    const bytes = new Uint8Array(await workbook.xlsx.writeBuffer());

    const plan = await planImport({ format: 'export-xlsx', sheets: await openSheets(await savedUpload('xlsx', bytes)), instance });
    plan.duplicates = await plan.entries.skipDuplicates(new Set());

    expect(plan).toMatchObject({ rows: 5, duplicates: 1 });
    expect(plan.errors).toEqual([
      { sheet: 'Entries', row: 3, message: 'Hours must be a number' },
      { sheet: 'Entries (3)', row: 2, message: 'Hours must be a number' },
    ]);
    const written = await readAll(plan.entries.read());
    expect(written.map((entry) => [entry.sheet, entry.row, entry.owner, entry.input.trainingName])).toEqual([
      ['Entries', 2, ada.id, 'Course A'],
      ['Entries (2)', 3, bob.id, 'Course C'],
    ]);
  });
});
