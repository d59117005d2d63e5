import { ADMIN_MESSAGES as M, IMPORT_LIMITS } from '@tht/contracts';
import { EventLoopTurns } from '@tht/eventstore';
import { ChunkDecoder, flatCopy } from './text-chunks';
import { ZipArchive } from './zip-archive';

/**
 * A small reader of .xlsx workbooks (Office Open XML spreadsheets) for the import: every sheet's
 * rows as text cells, read a chunk at a time from the sheet's inflated stream, so a workbook of
 * tens of thousands of rows never exists as one string or as cell objects (and a sheet can be
 * read again, as the import does: once to check, once to write). Cells as a person sees
 * them: shared and inline strings, numbers in their shortest form, TRUE/FALSE as true/false,
 * formulas as their cached result, date-formatted numbers as YYYY-MM-DD (or an ISO time). A cell's
 * text may be a slice of a chunk of the sheet's XML: copy what is kept (`flatCopy`).
 *
 * Any file is read within the budgets of `XlsxLimits` (a sheet's columns, rows and cells, its
 * shared strings, a row's length, the zip archive's sizes), checked before anything is kept for
 * them, and in time linear in its size: the XML is scanned with indexOf, every search bounded by
 * the element it is in (a row, a cell), and the event loop runs other work between chunks.
 */

export type XlsxLimits = Record<keyof typeof IMPORT_LIMITS, number>;

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

const LAST_CODE_POINT = 0x10ffff;

export function unescapeXml(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
    if (name[0] !== '#') return ENTITIES[name] ?? entity;
    const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
    return code <= LAST_CODE_POINT ? String.fromCodePoint(code) : entity;
  });
}

// Number formats that show dates: the built-in ids, or a format code with date or time letters.
const BUILT_IN_DATE_FORMATS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 30, 36, 45, 46, 47, 50, 57]);

/** Excel's longest number format code. */
const MAX_FORMAT_CODE = 255;

function isDateFormatCode(code: string): boolean {
  if (code.length > MAX_FORMAT_CODE) return false;
  const bare = code.replace(/"[^"]*"|\[[^\]]*\]|\\./g, '');
  return /[dmyhs]/i.test(bare) && !/^General$/i.test(bare);
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
  limits: XlsxLimits;
}

const KB = 1024;
const MB = KB * KB;

// ---- Scanning XML in linear time ----------------------------------------------------------------

/** An element's start (`<name`) and end (`</name>`) tags. The elements looked for do not nest in themselves. */
interface Tag {
  open: string;
  close: string;
}

const tag = (name: string): Tag => ({ open: `<${name}`, close: `</${name}>` });
const ROW = tag('row');
const CELL = tag('c');
const VALUE = tag('v');
const INLINE_STRING = tag('is');
const STRING_ITEM = tag('si');
const TEXT_RUN = tag('t');
const PHONETIC_RUN = tag('rPh');

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

/** Where the next start tag of `open` (`<row`, not `<rowBreaks`) is in `text` from `from`, or -1. */
function startOf(text: string, open: string, from: number): number {
  let start = text.indexOf(open, from);
  while (start !== -1 && isNameChar(text.charCodeAt(start + open.length))) start = text.indexOf(open, start + 1);
  return start;
}

/**
 * Finds the first whole `<name …>…</name>` or `<name …/>` in `text` from `from` and writes where it
 * is into `span`; false when there is none, or it is cut off. Its searches run to the end of
 * `text`: callers hand it the text of the element they look in (a row, a cell), never more.
 */
function findElement(text: string, { open, close }: Tag, from: number, span: ElementSpan): boolean {
  const start = startOf(text, open, from);
  if (start === -1) return false;
  const tagEnd = text.indexOf('>', start + open.length);
  if (tagEnd === -1) return false;
  span.attributesStart = start + open.length;
  if (text.charCodeAt(tagEnd - 1) === SLASH) {
    span.attributesEnd = tagEnd - 1;
    span.contentStart = span.contentEnd = span.end = tagEnd + 1;
    return true;
  }
  const closeAt = text.indexOf(close, tagEnd + 1);
  if (closeAt === -1) return false;
  span.attributesEnd = tagEnd;
  span.contentStart = tagEnd + 1;
  span.contentEnd = closeAt;
  span.end = closeAt + close.length;
  return true;
}

/** Each whole element of `tag` in `text`, in order (the span is reused). */
function* elementsIn(text: string, element: Tag): Generator<ElementSpan> {
  const span = newSpan();
  for (let from = 0; findElement(text, element, from, span); from = span.end) yield span;
}

const contentOf = (text: string, span: ElementSpan) => text.slice(span.contentStart, span.contentEnd);

/** The attributes of an element's start tag, with the space before the first. */
const attributesOf = (text: string, span: ElementSpan) => text.slice(span.attributesStart, span.attributesEnd);

/** Where the value of an attribute (`nameIs` is `name="`) starts in a start tag's `attributes`, or -1. */
function attributeAt(attributes: string, nameIs: string): number {
  for (let at = attributes.indexOf(nameIs); at !== -1; at = attributes.indexOf(nameIs, at + 1)) {
    if (isSpace(attributes.charCodeAt(at - 1))) return at + nameIs.length;
  }
  return -1;
}

/** An attribute's value as written (entities left as they are), or undefined. */
function attributeValue(attributes: string, nameIs: string): string | undefined {
  const at = attributeAt(attributes, nameIs);
  const end = at === -1 ? -1 : attributes.indexOf('"', at);
  return end === -1 ? undefined : attributes.slice(at, end);
}

/** An attribute's value with its entities read, or '' (for the small parts read whole). */
const attribute = (attributes: string, name: string) => unescapeXml(attributeValue(attributes, `${name}="`) ?? '');

/** An element read from a streamed part, the longest one allowed, and the reason one longer is refused. */
interface StreamedElement {
  tag: Tag;
  maxCharacters: number;
  tooLong: string;
}

/**
 * The text of each whole element of `element` in a streamed part, as its chunk is read: `take`
 * gets the text it is in (while that text is at hand) and what it returns is yielded. An element
 * cut by a chunk's end is completed from the next; one longer than `maxCharacters` is refused,
 * and text before the next element's start is dropped, so what is held stays bounded. The event
 * loop runs other work between elements (`EventLoopTurns`).
 */
async function* streamedElements<T>(
  chunks: AsyncIterable<Buffer>,
  element: StreamedElement,
  take: (text: string, span: ElementSpan) => T | null,
): AsyncGenerator<T> {
  const decoder = new ChunkDecoder();
  const span = newSpan();
  const turns = new EventLoopTurns();
  let pending = '';
  // The whole elements of `text` (one at a time, so `span` stays theirs while taken), and how much of it they fill.
  const whole = async function* (text: string): AsyncGenerator<T, number> {
    let consumed = 0;
    for (; findElement(text, element.tag, consumed, span); consumed = span.end) {
      const taken = take(text, span);
      if (taken !== null) yield taken;
      await turns.take();
    }
    return consumed;
  };
  for await (const chunk of chunks) {
    pending += decoder.decode(chunk);
    pending = unfinished(pending, yield* whole(pending), element);
    await turns.take();
  }
  yield* whole(pending + decoder.end());
}

/** What of `text` (whole elements up to `from` read) may hold the next element: from its start tag on, or the last few characters. */
function unfinished(text: string, from: number, { tag, maxCharacters, tooLong }: StreamedElement): string {
  const start = startOf(text, tag.open, from);
  if (start === -1) return text.slice(Math.max(from, text.length - tag.open.length));
  if (text.length - start > maxCharacters) throw new Error(tooLong);
  return text.slice(start);
}

// ---- Workbook parts -----------------------------------------------------------------------------

/** The text of a string item's content (`<si>` or `<is>`): its `<t>` runs, phonetic guides left out. */
function stringItemText(xml: string): string {
  let visible = '';
  let from = 0;
  for (let phonetic = startOf(xml, PHONETIC_RUN.open, 0); phonetic !== -1; phonetic = startOf(xml, PHONETIC_RUN.open, from)) {
    visible += xml.slice(from, phonetic);
    const end = xml.indexOf(PHONETIC_RUN.close, phonetic);
    from = end === -1 ? xml.length : end + PHONETIC_RUN.close.length;
  }
  visible += xml.slice(from);
  let text = '';
  for (const run of elementsIn(visible, TEXT_RUN)) text += unescapeXml(contentOf(visible, run));
  return text;
}

/** The workbook's shared strings (`xl/sharedStrings.xml`), within the limits of their number and text. */
async function sharedStrings(zip: ZipArchive, limits: XlsxLimits): Promise<string[]> {
  const path = 'xl/sharedStrings.xml';
  if (!zip.has(path)) return [];
  const strings: string[] = [];
  let characters = 0;
  const element = {
    tag: STRING_ITEM,
    maxCharacters: limits.rowKilobytes * KB,
    tooLong: M.sharedStringTooLong(limits.rowKilobytes),
  };
  const items = streamedElements(zip.stream(path), element, (text, item) => {
    if (strings.length >= limits.sharedStrings) throw new Error(M.tooManySharedStrings(limits.sharedStrings));
    const string = flatCopy(stringItemText(contentOf(text, item)));
    characters += string.length;
    if (characters > limits.sharedStringsMegabytes * MB) throw new Error(M.sharedStringsTooLarge(limits.sharedStringsMegabytes));
    return string;
  });
  for await (const string of items) strings.push(string);
  return strings;
}

/** Which cell styles (`s` index) show a date, from `xl/styles.xml`. */
function dateStyles(stylesXml: string): Set<number> {
  const customDates = new Set<number>();
  for (const format of elementsIn(stylesXml, tag('numFmt'))) {
    const attributes = attributesOf(stylesXml, format);
    if (isDateFormatCode(attribute(attributes, 'formatCode'))) customDates.add(Number(attribute(attributes, 'numFmtId')));
  }
  const styles = new Set<number>();
  const cellFormats = elementsIn(stylesXml, tag('cellXfs')).next();
  if (cellFormats.done) return styles;
  const formatsXml = contentOf(stylesXml, cellFormats.value);
  let index = 0;
  for (const format of elementsIn(formatsXml, tag('xf'))) {
    const id = Number(attribute(attributesOf(formatsXml, format), 'numFmtId') || 0);
    if (BUILT_IN_DATE_FORMATS.has(id) || customDates.has(id)) styles.add(index);
    index += 1;
  }
  return styles;
}

/** Whether the workbook counts dates from 1904 (`<workbookPr date1904="1"/>`). */
function usesDate1904(workbookXml: string): boolean {
  const properties = elementsIn(workbookXml, tag('workbookPr')).next();
  if (properties.done) return false;
  const date1904 = attribute(attributesOf(workbookXml, properties.value), 'date1904');
  return date1904 === '1' || date1904 === 'true';
}

// ---- Rows and cells -----------------------------------------------------------------------------

/** A cell reference or row number as a message shows it (a hostile file's may be very long). */
const shown = (reference: string) => (reference.length > 20 ? `${reference.slice(0, 20)}…` : reference);

/** The column of a cell reference's letters (`C7` -> 2), or -1 when it has none; refused beyond the last column. */
function columnOf(reference: string, limits: XlsxLimits): number {
  let index = 0;
  let position = 0;
  for (let code = reference.charCodeAt(0); code >= 65 && code <= 90; code = reference.charCodeAt(++position)) {
    index = index * 26 + code - 64;
    if (index > limits.columns) throw new Error(M.columnBeyondLimit(shown(reference), limits.columns));
  }
  return position === 0 ? -1 : index - 1;
}

/** A cell's text by its type (`t`), style (`s`) and its content (`xml`). */
function cellText(xml: string, type: string, style: string | undefined, context: WorkbookContext): string {
  const part = newSpan();
  if (type === 'inlineStr') return findElement(xml, INLINE_STRING, 0, part) ? stringItemText(contentOf(xml, part)) : '';
  if (!findElement(xml, VALUE, 0, part)) return '';
  const raw = contentOf(xml, part);
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

/** A row's number: its `r`, else the one after the last; refused beyond the last row. */
function rowNumber(attributes: string, fallback: number, limits: XlsxLimits): number {
  const written = attributeValue(attributes, 'r="');
  const number = Number(written) || fallback;
  if (number > limits.rowsPerSheet) throw new Error(M.rowBeyondLimit(shown(written ?? String(number)), limits.rowsPerSheet));
  return number;
}

/** The cells of a row (its XML `xml`), each at its column, empty ones after the last left out; texts are slices of `xml`. */
function rowCells(xml: string, number: number, context: WorkbookContext): string[] {
  const cells: string[] = [];
  let index = 0;
  for (const cell of elementsIn(xml, CELL)) {
    const attributes = attributesOf(xml, cell);
    const reference = attributeValue(attributes, 'r="');
    const column = reference === undefined ? -1 : columnOf(reference, context.limits);
    index = column === -1 ? index : column;
    if (index >= context.limits.columns)
      throw new Error(M.columnBeyondLimit(`number ${index + 1} of row ${number}`, context.limits.columns));
    const text = cellText(
      contentOf(xml, cell),
      attributeValue(attributes, 't="') ?? 'n',
      attributeValue(attributes, 's="'),
      context,
    );
    if (text !== '') {
      while (cells.length < index) cells.push('');
      cells[index] = text;
    }
    index += 1;
  }
  return cells;
}

/** The rows of a sheet part, parsed as its inflated text streams in, within the limits of rows and cells. */
function sheetRows(inflated: AsyncIterable<Buffer>, context: WorkbookContext): AsyncGenerator<XlsxRow> {
  const { limits } = context;
  let lastNumber = 0;
  let rows = 0;
  let cells = 0;
  const element = { tag: ROW, maxCharacters: limits.rowKilobytes * KB, tooLong: M.rowTooLong(limits.rowKilobytes) };
  return streamedElements(inflated, element, (text, row) => {
    rows += 1;
    if (rows > limits.rowsPerSheet) throw new Error(M.rowBeyondLimit(String(rows), limits.rowsPerSheet));
    const number = rowNumber(attributesOf(text, row), lastNumber + 1, limits);
    lastNumber = number;
    const rowCellTexts = rowCells(contentOf(text, row), number, context);
    cells += rowCellTexts.length;
    if (cells > limits.cellsPerSheet) throw new Error(M.tooManyCells(limits.cellsPerSheet));
    return rowCellTexts.length > 0 ? { number, cells: rowCellTexts } : null;
  });
}

/** The workbook's sheets in their tab order, each with its rows to read. Throws on a file that is no workbook, or beyond `limits`. */
export async function openWorkbook(bytes: Buffer, limits: XlsxLimits = IMPORT_LIMITS): Promise<XlsxSheet[]> {
  const zip = ZipArchive.open(bytes, limits);
  const wholePart = (path: string) => zip.text(path, limits.wholePartMegabytes);
  const workbook = await wholePart('xl/workbook.xml');
  if (workbook === '') throw new Error('it has no workbook part (xl/workbook.xml)');
  const relationships = await wholePart('xl/_rels/workbook.xml.rels');
  const targets = new Map<string, string>();
  for (const relationship of elementsIn(relationships, tag('Relationship'))) {
    const attributes = attributesOf(relationships, relationship);
    targets.set(attribute(attributes, 'Id'), attribute(attributes, 'Target'));
  }
  const context: WorkbookContext = {
    sharedStrings: await sharedStrings(zip, limits),
    dateStyles: dateStyles(await wholePart('xl/styles.xml')),
    date1904: usesDate1904(workbook),
    limits,
  };
  const sheets: XlsxSheet[] = [];
  for (const sheet of elementsIn(workbook, tag('sheet'))) {
    const attributes = attributesOf(workbook, sheet);
    const target = targets.get(attribute(attributes, 'r:id')) ?? '';
    const path = target.startsWith('/') ? target.slice(1) : `xl/${target}`;
    if (zip.has(path)) sheets.push({ name: attribute(attributes, 'name'), rows: () => sheetRows(zip.stream(path), context) });
  }
  return sheets;
}
