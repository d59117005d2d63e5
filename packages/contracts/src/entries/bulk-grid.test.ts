import { describe, expect, it } from 'vitest';
import {
  checkGrid,
  checkGridRow,
  createGrid,
  emptyGridRow,
  isCountedRow,
  parseGridHours,
  parseTabSeparated,
  pasteIntoGrid,
  removeGridRow,
  type GridRow,
} from './bulk-grid';

const owner = { firstName: 'Ada', lastName: 'Lovelace', managerName: 'Grace Hopper', department: 'Engineering' };

function row(cells: Partial<GridRow>): GridRow {
  return { ...emptyGridRow(), ...cells };
}

describe('parseTabSeparated', () => {
  it('splits rows on CRLF or LF and cells on tabs, ignoring the final line break', () => {
    expect(parseTabSeparated('a\tb\r\nc\td\r\n')).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
    expect(parseTabSeparated('a\tb\nc')).toEqual([['a', 'b'], ['c']]);
  });

  it('keeps empty cells in place', () => {
    expect(parseTabSeparated('a\t\t\td')).toEqual([['a', '', '', 'd']]);
  });

  it('reads quoted cells with tabs, line breaks and doubled quotes as spreadsheets copy them', () => {
    expect(parseTabSeparated('"two\nlines"\t"say ""hi"""\tplain\n')).toEqual([['two\nlines', 'say "hi"', 'plain']]);
  });

  it('keeps a quote that does not wrap the whole cell', () => {
    expect(parseTabSeparated('"Intro" course\tx')).toEqual([['"Intro" course', 'x']]);
  });
});

describe('grid rows', () => {
  it('opens with 5 rows and always keeps one', () => {
    const grid = createGrid();
    expect(grid).toHaveLength(5);
    expect(removeGridRow(grid, 0)).toHaveLength(4);
    expect(removeGridRow([row({ trainingName: 'x' })], 0)).toEqual([emptyGridRow()]);
  });

  it('counts a row only when training name, date and hours are all filled', () => {
    expect(isCountedRow(row({ trainingName: 'Excel', date: '1/2/2025', hours: '2' }))).toBe(true);
    expect(isCountedRow(row({ trainingName: 'Excel', date: '1/2/2025' }))).toBe(false);
    expect(isCountedRow(row({ date: '1/2/2025', hours: '2', notes: 'n' }))).toBe(false);
    expect(isCountedRow(row({ trainingName: ' ', date: '1/2/2025', hours: '2' }))).toBe(true);
  });

  it('turns non-numeric hours into 0', () => {
    expect(parseGridHours('abc')).toBe(0);
    expect(parseGridHours('')).toBe(0);
    expect(parseGridHours(' 2.5 ')).toBe(2.5);
    expect(parseGridHours('3h')).toBe(3);
  });
});

describe('pasteIntoGrid', () => {
  it("fills cells in the grid's column order from the pasted position and adds rows", () => {
    const text =
      'Risk 101\t1/2/2025\t2\tGrace Hopper\tEngineering\tExternal\tAcme\t5\tYes\tGood\n' +
      'Excel\t2025-02-03\t1.5\t\t\tinternal\t\t4\tno\t\n';
    const { grid, invalid } = pasteIntoGrid(createGrid(1), text, { row: 0, column: 'trainingName' }, 'user');
    expect(invalid).toEqual([]);
    expect(grid).toHaveLength(2);
    expect(grid[0]).toEqual({
      trainingName: 'Risk 101',
      date: '1/2/2025',
      hours: '2',
      managerName: 'Grace Hopper',
      department: 'Engineering',
      trainingType: 'external',
      courseGivenBy: 'Acme',
      rating: '5',
      beInnovative: 'yes',
      notes: 'Good',
    });
    expect(grid[1]).toMatchObject({ trainingName: 'Excel', trainingType: 'internal', rating: '4', beInnovative: 'no' });
  });

  it('pastes from a middle column and drops cells beyond the last column', () => {
    const { grid } = pasteIntoGrid(createGrid(), 'yes\tnote\textra', { row: 3, column: 'beInnovative' }, 'user');
    expect(grid[3]).toMatchObject({ beInnovative: 'yes', notes: 'note' });
    expect(grid).toHaveLength(5);
  });

  it('rejects values a restricted column does not take and names the valid options', () => {
    const { grid, invalid } = pasteIntoGrid(
      createGrid(2),
      'webinar\tx\t7\tmaybe\nexternal\ty\t3\t1',
      { row: 0, column: 'trainingType' },
      'user',
    );
    expect(grid[0]).toMatchObject({ trainingType: '', courseGivenBy: 'x', rating: '', beInnovative: '' });
    expect(grid[1]).toMatchObject({ trainingType: 'external', rating: '3', beInnovative: '' });
    expect(invalid).toEqual([
      {
        column: 'trainingType',
        values: ['webinar'],
        title: 'Invalid Training Type value(s)',
        description: 'Valid options: internal, external',
      },
      { column: 'rating', values: ['7'], title: 'Invalid Rating value(s)', description: 'Valid options: 1, 2, 3, 4, 5' },
      {
        column: 'beInnovative',
        values: ['maybe', '1'],
        title: 'Invalid Be Innovative value(s)',
        description: 'Valid options: yes, no, true, false',
      },
    ]);
  });

  it('lets the admin grid take more training types, 1/0 and single-digit ratings only', () => {
    const { grid, invalid } = pasteIntoGrid(
      createGrid(2),
      'Webinar\tx\t4\t1\nself-study\ty\t4.0\t0',
      { row: 0, column: 'trainingType' },
      'admin',
    );
    expect(grid[0]).toMatchObject({ trainingType: 'webinar', rating: '4', beInnovative: '1' });
    expect(grid[1]).toMatchObject({ trainingType: 'self-study', rating: '', beInnovative: '0' });
    expect(invalid.map((paste) => paste.title)).toEqual(['Invalid Rating value(s)']);
  });
});

describe('checkGridRow', () => {
  it('turns a row into an entry with normalised date, defaults from the owner and parsed values', () => {
    const check = checkGridRow(
      row({
        trainingName: ' Risk 101 ',
        date: '1/2/2025',
        hours: '2',
        rating: '5',
        beInnovative: 'true',
        trainingType: 'external',
      }),
      0,
      'user',
      owner,
    );
    expect(check.errors).toEqual([]);
    expect(check.entry).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      trainingName: 'Risk 101',
      date: '2025-01-02',
      hours: 2,
      managerName: 'Grace Hopper',
      department: 'Engineering',
      trainingType: 'external',
      courseGivenBy: '',
      rating: 5,
      beInnovative: true,
      notes: '',
      validUntil: null,
    });
  });

  it('reports the row errors of the bulk grid', () => {
    const errorsOf = (cells: Partial<GridRow>) =>
      checkGridRow(row({ trainingName: 'x', date: '2025-01-01', hours: '1', ...cells }), 0, 'user', owner).errors;
    expect(errorsOf({ trainingName: '  ' })).toEqual(['Missing training name']);
    expect(errorsOf({ date: 'soon' })).toEqual(['Missing or invalid date format']);
    expect(errorsOf({ date: ' ' })).toEqual(['Missing or invalid date format']);
    expect(errorsOf({ date: '1/1/1900' })).toEqual(['Invalid date format']);
    expect(errorsOf({ date: '1/1/2100' })).toEqual(['Invalid date format']);
    expect(errorsOf({ date: '2/29/2025' })).toEqual(['Missing or invalid date format']);
    expect(errorsOf({ date: '2/29/2024' })).toEqual([]);
    expect(errorsOf({ date: '12/31/2025' })).toEqual([]);
  });

  it("makes hours 'abc' 0 hours, not an error, and checks other hours with the entry rules", () => {
    const check = checkGridRow(row({ trainingName: 'x', date: '2025-01-01', hours: 'abc' }), 0, 'user', owner);
    expect(check.errors).toEqual([]);
    expect(check.entry.hours).toBe(0);
    expect(checkGridRow(row({ trainingName: 'x', date: '2025-01-01', hours: '1.3' }), 0, 'user', owner).errors).toEqual([
      'Hours must be in steps of 0.25',
    ]);
    expect(checkGridRow(row({ trainingName: 'x', date: '2025-01-01', hours: '-2' }), 0, 'user', owner).errors).toEqual([
      'Hours must be 0 or more',
    ]);
  });

  it('reports restricted values typed into the grid', () => {
    const check = checkGridRow(
      row({ trainingName: 'x', date: '2025-01-01', hours: '1', trainingType: 'conference', rating: '0', beInnovative: '1' }),
      0,
      'user',
      owner,
    );
    expect(check.errors).toEqual([
      "Training type must be either 'internal' or 'external'",
      'Rating must be a whole number from 1 to 5',
      'Be Innovative must be one of: yes, no, true, false',
    ]);
  });

  it('takes admin values on the admin grid', () => {
    const check = checkGridRow(
      row({ trainingName: 'x', date: '2025-01-01', hours: '1', trainingType: 'Conference', rating: '3', beInnovative: '1' }),
      0,
      'admin',
      owner,
    );
    expect(check.errors).toEqual([]);
    expect(check.entry).toMatchObject({ trainingType: 'conference', rating: 3, beInnovative: true });
  });

  it('uses manager and department cells over the owner defaults', () => {
    const check = checkGridRow(
      row({ trainingName: 'x', date: '2025-01-01', hours: '1', managerName: 'Alan Turing', department: 'Research' }),
      0,
      'user',
      owner,
    );
    expect(check.entry).toMatchObject({ managerName: 'Alan Turing', department: 'Research' });
  });
});

describe('checkGrid', () => {
  it('previews counted rows only, with their grid positions', () => {
    const grid = [
      row({ trainingName: 'A', date: '1/2/2025', hours: '1' }),
      row({ notes: 'half-filled row' }),
      row({ trainingName: 'B', date: 'never', hours: '2' }),
      emptyGridRow(),
    ];
    const preview = checkGrid(grid, 'user', owner);
    expect(preview.map((check) => [check.rowIndex, check.errors])).toEqual([
      [0, []],
      [2, ['Missing or invalid date format']],
    ]);
  });
});
