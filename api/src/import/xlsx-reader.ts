import { ChunkDecoder } from './text-chunks';
import { ZipArchive } from './zip-archive';

/**
 * A small reader of .xlsx workbooks (Office Open XML spreadsheets) for the import: every sheet's
 * rows as text cells, read a chunk at a time from the sheet's inflated stream, so a workbook of
 * tens of thousands of rows never exists as one string or as cell objects (and a sheet can be
 * read again, as the import does: once to check, once to write). Cells as a person sees
 * them: shared and inline strings, numbers in their shortest form, TRUE/FALSE as true/false,
 * formulas as their cached result, date-formatted numbers as YYYY-MM-DD (or an ISO time). A cell's
 * text may be a slice of a chunk of the sheet's XML: copy what is kept (`flatCopy`).
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

// A sheet's rows and cells are found with indexOf rather than regular expressions: the sheet of a
// large workbook is tens of megabytes of XML, read twice by an import.

/** Where an element is in a text: its start tag's attributes, its content (empty when self-closing) and its end. */
interface ElementSpan {
  attributesStart: number;
  attributesEnd: number;
  contentStart: number;
  contentEnd: number;
  end: number;
}

const newSpan = (): ElementSpan => ({ attributesStart: 0, attributesEnd: 0, contentStart: 0, contentEnd: 0, end: 0 });

const SLASH = 47;

/** Whether `code` may continue an XML name (so the `<c` of `<col` is no cell). */
function isNameChar(code: number): boolean {
  return (
    (code >= 48 && code <= 58) ||
    (code >= 65 && code <= 90) ||
    (code >= 97 && code <= 122) ||
    code === 45 ||
    code === 46 ||
    code === 95
  );
}

function isSpace(code: number): boolean {
  return code === 32 || code === 9 || code === 10 || code === 13;
}

/**
 * Finds the first whole `<name …>…</name>` or `<name …/>` in text[from, to) (`open` is `<name`,
 * `close` is `</name>`) and writes where it is into `span`; false when there is none, or it is cut
 * off. The elements looked for (rows, cells, values, inline strings) do not nest.
 */
function findElement(text: string, open: string, close: string, from: number, to: number, span: ElementSpan): boolean {
  let start = text.indexOf(open, from);
  while (start !== -1 && start < to && isNameChar(text.charCodeAt(start + open.length))) start = text.indexOf(open, start + 1);
  if (start === -1 || start >= to) return false;
  const tagEnd = text.indexOf('>', start + open.length);
  if (tagEnd === -1 || tagEnd >= to) return false;
  span.attributesStart = start + open.length;
  if (text.charCodeAt(tagEnd - 1) === SLASH) {
    span.attributesEnd = tagEnd - 1;
    span.contentStart = span.contentEnd = span.end = tagEnd + 1;
    return true;
  }
  const closeAt = text.indexOf(close, tagEnd + 1);
  if (closeAt === -1 || closeAt + close.length > to) return false;
  span.attributesEnd = tagEnd;
  span.contentStart = tagEnd + 1;
  span.contentEnd = closeAt;
  span.end = closeAt + close.length;
  return true;
}

/** The attributes of an element's start tag, with the space before the first. */
const startTagAttributes = (text: string, span: ElementSpan) => text.slice(span.attributesStart, span.attributesEnd);

/** Where the value of an attribute (`nameIs` is `name="`) starts in a start tag's `attributes`, or -1. */
function attributeAt(attributes: string, nameIs: string): number {
  for (let at = attributes.indexOf(nameIs); at !== -1; at = attributes.indexOf(nameIs, at + 1)) {
    if (isSpace(attributes.charCodeAt(at - 1))) return at + nameIs.length;
  }
  return -1;
}

function attributeValue(attributes: string, nameIs: string): string | undefined {
  const at = attributeAt(attributes, nameIs);
  return at === -1 ? undefined : attributes.slice(at, attributes.indexOf('"', at));
}

/** The column of a cell reference's letters at `at` (`C7` -> 2), or -1 when it has none. */
function columnAt(attributes: string, at: number): number {
  let index = 0;
  let position = at;
  for (let code = attributes.charCodeAt(position); code >= 65 && code <= 90; code = attributes.charCodeAt(++position))
    index = index * 26 + code - 64;
  return position === at ? -1 : index - 1;
}

/** A cell's text by its type (`t`), style (`s`) and the content in `cell`. */
function cellText(text: string, type: string, style: string | undefined, cell: ElementSpan, context: WorkbookContext): string {
  const part = newSpan();
  if (type === 'inlineStr') {
    const found = findElement(text, '<is', '</is>', cell.contentStart, cell.contentEnd, part);
    return found ? stringItemText(text.slice(part.contentStart, part.contentEnd)) : '';
  }
  if (!findElement(text, '<v', '</v>', cell.contentStart, cell.contentEnd, part)) return '';
  const raw = text.slice(part.contentStart, part.contentEnd);
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

/** The cells of a row (its content in `row`), each at its column; texts are slices of `text`. */
function parseRow(text: string, row: ElementSpan, fallbackNumber: number, context: WorkbookContext): XlsxRow {
  const number = Number(attributeValue(startTagAttributes(text, row), 'r="')) || fallbackNumber;
  const cells: string[] = [];
  const cell = newSpan();
  for (let from = row.contentStart; findElement(text, '<c', '</c>', from, row.contentEnd, cell); from = cell.end) {
    const attributes = startTagAttributes(text, cell);
    const reference = attributeAt(attributes, 'r="');
    const column = reference === -1 ? -1 : columnAt(attributes, reference);
    const index = column === -1 ? cells.length : column;
    while (cells.length < index) cells.push('');
    cells[index] = cellText(text, attributeValue(attributes, 't="') ?? 'n', attributeValue(attributes, 's="'), cell, context);
  }
  return { number, cells };
}

/** The rows of a sheet part, parsed as its inflated text streams in. */
async function* sheetRows(inflated: AsyncIterable<Buffer>, context: WorkbookContext): AsyncGenerator<XlsxRow> {
  const decoder = new ChunkDecoder();
  let pending = '';
  let lastNumber = 0;
  const row = newSpan();
  // The whole rows in `text`, and how much of it they take.
  const rowsIn = function* (text: string): Generator<XlsxRow, number> {
    let consumed = 0;
    while (findElement(text, '<row', '</row>', consumed, text.length, row)) {
      const parsed = parseRow(text, row, lastNumber + 1, context);
      lastNumber = parsed.number;
      consumed = row.end;
      if (parsed.cells.length > 0) yield parsed;
    }
    return consumed;
  };
  for await (const chunk of inflated) {
    pending += decoder.decode(chunk);
    const rows = rowsIn(pending);
    let step = rows.next();
    while (!step.done) {
      yield step.value;
      step = rows.next();
    }
    pending = pending.slice(step.value);
  }
  yield* rowsIn(pending + decoder.end());
}

/** The workbook's sheets in their tab order, each with its rows to read. Throws on a file that is no workbook. */
export function openWorkbook(bytes: Buffer): XlsxSheet[] {
  const zip = ZipArchive.open(bytes);
  const workbook = zip.text('xl/workbook.xml');
  if (workbook === '') throw new Error('it has no workbook part (xl/workbook.xml)');
  const relationships = zip.text('xl/_rels/workbook.xml.rels');
  const targets = new Map(
    [...relationships.matchAll(element('Relationship'))].map(([, attributes]) => {
      const relationship = attributesOf(attributes ?? '');
      return [relationship.get('Id'), relationship.get('Target') ?? ''] as const;
    }),
  );
  const context: WorkbookContext = {
    sharedStrings: [...zip.text('xl/sharedStrings.xml').matchAll(element('si'))].map(([, , item]) => stringItemText(item ?? '')),
    dateStyles: dateStyles(zip.text('xl/styles.xml')),
    date1904: /<workbookPr\b[^>]*\bdate1904="(1|true)"/.test(workbook),
  };
  return [...workbook.matchAll(element('sheet'))].flatMap(([, attributes]) => {
    const sheet = attributesOf(attributes ?? '');
    const target = targets.get(sheet.get('r:id')) ?? '';
    const path = target.startsWith('/') ? target.slice(1) : `xl/${target}`;
    return zip.has(path) ? [{ name: sheet.get('name') ?? '', rows: () => sheetRows(zip.stream(path), context) }] : [];
  });
}
