import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  archiveName,
  customFieldColumn,
  evidenceOfPath,
  evidencePath,
  exportFileName,
  personFolder,
  neutraliseFormula,
  parseOptionLabels,
  formatOptionLabels,
  restoreNeutralised,
} from './export-format';

describe('neutraliseFormula', () => {
  it.each(['=SUM(A1:A2)', '+1', '-2+3', '@cmd', '\tindent', '\rreturn', '=HYPERLINK("http://x")'])(
    'puts an apostrophe before %j, which a spreadsheet would run',
    (text) => {
      expect(neutraliseFormula(text)).toBe(`'${text}`);
    },
  );

  it.each(['Excel basics', '', '1.5', "'already quoted", 'a=b', ' =padded', '2026-01-05', 'Smith, John', 'a; b', '1.5-2'])(
    'leaves %j as it is',
    (text) => {
      expect(neutraliseFormula(text)).toBe(text);
    },
  );

  it.each([
    ['x;=1+2', "x;'=1+2"],
    ['x,=1+2', "x,'=1+2"],
    ['x\t=1+2', "x\t'=1+2"],
    ['a,-1;+2\t@3', "a,'-1;'+2\t'@3"],
    ['a,\t=b', "a,'\t'=b"],
    ['=1;=2', "'=1;'=2"],
  ])('puts an apostrophe before each piece after a separator that a spreadsheet would run: %j', (text, neutralised) => {
    expect(neutraliseFormula(text)).toBe(neutralised);
  });

  it('adds one more apostrophe where one already stands before a formula, so nothing is lost on the way back', () => {
    expect(neutraliseFormula("'=x")).toBe("''=x");
    expect(neutraliseFormula("a;'@b")).toBe("a;''@b");
  });
});

describe('export file name', () => {
  const day = new Date(2026, 10, 3, 15, 0);

  it('carries the organisation domain and the date', () => {
    expect(exportFileName('example.com', day, 'csv')).toBe('training-hours-example.com-2026-11-03.csv');
    expect(exportFileName('acme.co.uk', day, 'xlsx', { year: 2025 })).toBe('training-hours-acme.co.uk-2026-11-03-2025.xlsx');
    expect(exportFileName('acme.org', day, 'csv', { year: 2025, innovative: true })).toBe(
      'training-hours-acme.org-2026-11-03-2025-innovative.csv',
    );
    expect(exportFileName('example.com', day, 'xlsx', { year: 2025, asOf: new Date('2026-06-30T23:59:59.999Z') })).toBe(
      'training-hours-example.com-2026-11-03-2025-as-of-2026-06-30.xlsx',
    );
  });

  it('keeps only safe characters of the domain', () => {
    expect(exportFileName('a"b;c.com', day, 'csv')).toBe('training-hours-a_b_c.com-2026-11-03.csv');
  });

  it('names the export with evidence a zip', () => {
    expect(exportFileName('example.com', day, 'xlsx', { year: 2025, evidence: true })).toBe(
      'training-hours-example.com-2026-11-03-2025-with-evidence.zip',
    );
  });
});

describe('the export with evidence', () => {
  it('names a folder per person and a path per file that the import reads back', () => {
    const folder = personFolder(12, 'Ada', 'Lovelace');
    expect(folder).toBe('12 Ada Lovelace');
    const path = evidencePath(folder, 340, 7, 'First aid certificate.pdf');
    expect(path).toBe('12 Ada Lovelace/evidence/340/7 First aid certificate.pdf');
    expect(evidenceOfPath(path)).toEqual({ entryId: 340, name: 'First aid certificate.pdf' });
  });

  it('keeps names within a folder: no separators, control characters or leading dots', () => {
    expect(archiveName('../../etc/passwd')).toBe('_.._etc_passwd');
    expect(archiveName('a\\b:c*d?e"f<g>h|i\u0001j')).toBe('a_b_c_d_e_f_g_h_i_j');
    expect(archiveName('...')).toBe('_');
    expect(archiveName('x'.repeat(300))).toHaveLength(100);
    const hostile = evidencePath(personFolder(1, '../x', 'y/z'), 2, 3, '../../evil.pdf');
    expect(hostile).toBe('1 .._x y_z/evidence/2/3 _.._evil.pdf');
    expect(evidenceOfPath(hostile)).toEqual({ entryId: 2, name: '_.._evil.pdf' });
  });

  it('reads only the files of an entry folder', () => {
    expect(evidenceOfPath('12 Ada Lovelace/entries.csv')).toBeNull();
    expect(evidenceOfPath('training-hours-example.com-2026-11-03.xlsx')).toBeNull();
    expect(evidenceOfPath('a/evidence/x/1 b.pdf')).toBeNull();
    expect(evidenceOfPath('a/b/evidence/1/2 c.pdf')).toBeNull();
  });
});

it('names a custom field column after the field', () => {
  expect(customFieldColumn('costCentre')).toBe('custom:costCentre');
});

describe('restoreNeutralised', () => {
  it.each(['=SUM(A1:A2)', '+1', '-2+3', '@cmd', '\tindent', "'already quoted", 'plain', '', 'x;=1+2', "'=x", "a,''-b;\t\t@c"])(
    'gives back %j after neutralising',
    (text) => {
      expect(restoreNeutralised(neutraliseFormula(text))).toBe(text);
    },
  );

  it('gives back any text after neutralising, and leaves no piece a spreadsheet would run', () => {
    const pieceCharacters = fc.constantFrom(...'=+-@\t\r,;\'" a1\n');
    fc.assert(
      fc.property(fc.string({ unit: pieceCharacters, maxLength: 12 }), (text) => {
        const neutralised = neutraliseFormula(text);
        expect(restoreNeutralised(neutralised)).toBe(text);
        for (const piece of neutralised.split(/[,;\t]/)) {
          if (/^[=+\-@\r]/.test(piece)) throw new Error(`${JSON.stringify(text)} leaves the piece ${JSON.stringify(piece)}`);
        }
      }),
    );
  });
});

describe('option labels of a form field', () => {
  it('travel as a JSON list', () => {
    expect(parseOptionLabels(formatOptionLabels(['Beginner', 'Advanced, "pro"']))).toEqual(['Beginner', 'Advanced, "pro"']);
    expect(parseOptionLabels('')).toEqual([]);
    expect(parseOptionLabels('Beginner; Advanced')).toBeNull();
    expect(parseOptionLabels('[1, 2]')).toBeNull();
  });
});
