import { Readable } from 'node:stream';
import JSZip from 'jszip';

/**
 * A small reader of .xlsx workbooks (Office Open XML spreadsheets) for the import: every sheet's
 * rows as text cells, read a chunk at a time from the sheet's inflated stream, so a workbook of
 * tens of thousands of rows never exists as one string or as cell objects (and a sheet can be
 * read again, as the import does: once to check, once to write). Cells as a person sees
 * them: shared and inline strings, numbers in their shortest form, TRUE/FALSE as true/false,
 * formulas as their cached result, date-formatted numbers as YYYY-MM-DD (or an ISO time).
 */

export interface XlsxRow {
  /** As the spreadsheet numbers it (1 = the first row). */
  number: number;
  cells: string[];
}

export interface XlsxSheet {
  name: string;
  /** Each row that has a cell, in order; every call reads the sheet afresh from the workbook's bytes. */
  rows(): AsyncIterable<XlsxRow>;
}

const ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

export function unescapeXml(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
    if (name[0] === '#')
      return String.fromCodePoint(name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1)));
    return ENTITIES[name] ?? entity;
  });
}

/** The attributes of a start tag's inner text (`r="A1" t="s"`); prefixes kept (`r:id`). */
function attributesOf(text: string): Map<string, string> {
  return new Map([...text.matchAll(/([\w:.-]+)\s*=\s*"([^"]*)"/g)].map(([, name, value]) => [name!, unescapeXml(value!)]));
}

/** An element that is either self-closing or has content, its attributes in group 1 and content in group 2. */
const element = (name: string) => new RegExp(`<${name}\\b((?:[^>/]|/(?!>))*)(?:/>|>([\\s\\S]*?)</${name}>)`, 'g');

const T_ELEMENT = element('t');

/** The text of a string item (`<si>` or `<is>`): its `<t>` runs, phonetic guides left out. */
function stringItemText(xml: string): string {
  const visible = xml.replace(/<rPh\b[\s\S]*?<\/rPh>/g, '');
  return [...visible.matchAll(T_ELEMENT)].map(([, , text]) => unescapeXml(text ?? '')).join('');
}

/** Column index from a cell reference (`C7` -> 2). */
function columnIndex(reference: string): number | null {
  const letters = /^([A-Z]+)\d*$/i.exec(reference)?.[1]?.toUpperCase();
  if (!letters) return null;
  return [...letters].reduce((index, letter) => index * 26 + letter.charCodeAt(0) - 64, 0) - 1;
}

// Number formats that show dates: the built-in ids, or a format code with date or time letters.
const BUILT_IN_DATE_FORMATS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 30, 36, 45, 46, 47, 50, 57]);

function isDateFormatCode(code: string): boolean {
  const bare = code.replace(/"[^"]*"|\[[^\]]*\]|\\./g, '');
  return /[dmyhs]/i.test(bare) && !/^General$/i.test(bare);
}

/** Which cell styles (`s` index) show a date, from `xl/styles.xml`. */
function dateStyles(stylesXml: string): Set<number> {
  const customDates = new Set<number>();
  for (const [, attributes] of stylesXml.matchAll(element('numFmt'))) {
    const format = attributesOf(attributes ?? '');
    if (isDateFormatCode(format.get('formatCode') ?? '')) customDates.add(Number(format.get('numFmtId')));
  }
  const cellXfs = /<cellXfs\b[^>]*>([\s\S]*?)<\/cellXfs>/.exec(stylesXml)?.[1] ?? '';
  const styles = new Set<number>();
  [...cellXfs.matchAll(element('xf'))].forEach(([, attributes], index) => {
    const id = Number(attributesOf(attributes ?? '').get('numFmtId') ?? 0);
    if (BUILT_IN_DATE_FORMATS.has(id) || customDates.has(id)) styles.add(index);
  });
  return styles;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** A date cell's serial number as text: YYYY-MM-DD, or an ISO time when it has a time of day. */
export function serialDateText(serial: number, date1904: boolean): string {
  const epoch = date1904 ? Date.UTC(1904, 0, 1) : Date.UTC(1899, 11, 30);
  const date = new Date(epoch + Math.round(serial * DAY_MS));
  const iso = date.toISOString();
  return Number.isInteger(serial) ? iso.slice(0, 10) : iso;
}

interface WorkbookContext {
  sharedStrings: string[];
  dateStyles: Set<number>;
  date1904: boolean;
}

/** A cell's text by its type (`t`), style (`s`) and content. Copied into a fresh string, so it keeps no chunk of XML alive. */
function cellText(type: string, style: string | undefined, content: string, context: WorkbookContext): string {
  return flatCopy(rawCellText(type, style, content, context));
}

function rawCellText(type: string, style: string | undefined, content: string, context: WorkbookContext): string {
  if (type === 'inlineStr') return stringItemText(/<is\b[^>]*>([\s\S]*?)<\/is>/.exec(content)?.[1] ?? '');
  const raw = /<v\b[^>]*>([\s\S]*?)<\/v>/.exec(content)?.[1];
  if (raw === undefined) return '';
  const value = raw.includes('&') ? unescapeXml(raw) : raw;
  switch (type) {
    case 's':
      return context.sharedStrings[Number(value)] ?? '';
    case 'b':
      return value === '1' ? 'true' : 'false';
    case 'e':
      return '';
    case 'str':
      return value;
    default: {
      const number = Number(value);
      if (!Number.isFinite(number)) return value;
      return style !== undefined && context.dateStyles.has(Number(style))
        ? serialDateText(number, context.date1904)
        : String(number);
    }
  }
}

/**
 * A copy of `text` that shares no memory with the string it was cut from (V8 keeps a whole parent
 * string alive for each slice of it, here a chunk of the sheet's XML per cell).
 */
export function flatCopy(text: string): string {
  return text.length === 0 ? '' : (' ' + text).slice(1);
}

const ROW = element('row');
/** A cell: its attributes (group 1) and content (group 2), or self-closing. */
const CELL = /<c\b((?:[^>/]|\/(?!>))*)(?:\/>|>([\s\S]*?)<\/c>)/g;
const CELL_REFERENCE = /\br="([A-Z]+)\d*"/;
const CELL_TYPE = /\bt="(\w+)"/;
const CELL_STYLE = /\bs="(\d+)"/;
const ROW_NUMBER = /\br="(\d+)"/;

function parseRow(attributes: string, content: string, fallbackNumber: number, context: WorkbookContext): XlsxRow {
  const number = Number(ROW_NUMBER.exec(attributes)?.[1]) || fallbackNumber;
  const cells: string[] = [];
  for (const [, cellAttributes = '', cellContent = ''] of content.matchAll(CELL)) {
    const reference = CELL_REFERENCE.exec(cellAttributes)?.[1];
    const index = reference === undefined ? cells.length : columnIndex(reference)!;
    while (cells.length < index) cells.push('');
    cells[index] = cellText(CELL_TYPE.exec(cellAttributes)?.[1] ?? 'n', CELL_STYLE.exec(cellAttributes)?.[1], cellContent, context);
  }
  return { number, cells };
}

/** The rows of a sheet part, parsed as its inflated text streams in. */
async function* sheetRows(file: JSZip.JSZipObject, context: WorkbookContext): AsyncGenerator<XlsxRow> {
  const decoder = new TextDecoder('utf-8');
  let pending = '';
  let lastNumber = 0;
  const rowsIn = function* (text: string): Generator<XlsxRow, number> {
    let consumed = 0;
    for (const match of text.matchAll(ROW)) {
      const row = parseRow(match[1] ?? '', match[2] ?? '', lastNumber + 1, context);
      lastNumber = row.number;
      consumed = match.index + match[0].length;
      if (row.cells.length > 0) yield row;
    }
    return consumed;
  };
  // JSZip's stream is an old-style readable: wrapped, it can be read with for await.
  const inflated = new Readable({ read() {} }).wrap(file.nodeStream('nodebuffer'));
  for await (const chunk of inflated as AsyncIterable<Buffer>) {
    pending += decoder.decode(chunk, { stream: true });
    const rows = rowsIn(pending);
    let step = rows.next();
    while (!step.done) {
      yield step.value;
      step = rows.next();
    }
    pending = pending.slice(step.value);
  }
  yield* rowsIn(pending + decoder.decode());
}

async function partText(zip: JSZip, path: string): Promise<string> {
  return (await zip.file(path)?.async('string')) ?? '';
}

/** The workbook's sheets in their tab order, each with its rows to read. Throws on a file that is no workbook. */
export async function openWorkbook(bytes: Buffer): Promise<XlsxSheet[]> {
  const zip = await JSZip.loadAsync(bytes);
  const workbook = await partText(zip, 'xl/workbook.xml');
  if (workbook === '') throw new Error('it has no workbook part (xl/workbook.xml)');
  const relationships = await partText(zip, 'xl/_rels/workbook.xml.rels');
  const targets = new Map(
    [...relationships.matchAll(element('Relationship'))].map(([, attributes]) => {
      const relationship = attributesOf(attributes ?? '');
      return [relationship.get('Id'), relationship.get('Target') ?? ''] as const;
    }),
  );
  const context: WorkbookContext = {
    sharedStrings: [...(await partText(zip, 'xl/sharedStrings.xml')).matchAll(element('si'))].map(([, , item]) =>
      stringItemText(item ?? ''),
    ),
    dateStyles: dateStyles(await partText(zip, 'xl/styles.xml')),
    date1904: /<workbookPr\b[^>]*\bdate1904="(1|true)"/.test(workbook),
  };
  return [...workbook.matchAll(element('sheet'))].flatMap(([, attributes]) => {
    const sheet = attributesOf(attributes ?? '');
    const target = targets.get(sheet.get('r:id')) ?? '';
    const file = zip.file(target.startsWith('/') ? target.slice(1) : `xl/${target}`);
    return file ? [{ name: sheet.get('name') ?? '', rows: () => sheetRows(file, context) }] : [];
  });
}
