import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ENTRY_EXPORT_COLUMNS } from '@tht/contracts';
import ExcelJS from 'exceljs';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserAndLogin, type SignedInTestUser } from '../testing/accounts';
import { startTestApp, type TestApp } from '../testing/test-app';
import { deflateBomb, workbookParts, zipOf, type ZipPart } from './testing/hostile-files';
import { upload } from '../testing/import-uploads';

/**
 * Whatever file an administrator uploads (zip bombs, huge cell references, unclosed tags, deep
 * nesting, odd encodings, cut or damaged archives, ZIP64 sizes that lie), the dry run answers 2xx
 * or 4xx `{error}` within 5 s, the process's memory grows by less than 300 MB, and GET /api/health
 * answers throughout.
 */

const NUMBER_OF_RUNS = 100;
const ANSWER_WITHIN_MS = 5_000;
const HEALTH_WITHIN_MS = 1_000;
const MEMORY_GROWTH_MB = 300;
const MB = 1024 * 1024;
const SHEET = 'xl/worksheets/sheet1.xml';
const STRINGS = 'xl/sharedStrings.xml';

let app: TestApp;
let admin: SignedInTestUser;
/** A real export-like workbook, for cutting and damaging. */
let genuine: Buffer;

beforeAll(async () => {
  app = await startTestApp({ config: { dataDir: await mkdtemp(path.join(tmpdir(), 'tht-import-hostile-')) } });
  admin = await createUserAndLogin(app, { role: 'admin' });
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Entries');
  sheet.addRow([...ENTRY_EXPORT_COLUMNS]);
  for (let row = 1; row <= 200; row += 1) sheet.addRow(ENTRY_EXPORT_COLUMNS.map((column) => `${column} ${row}`));
  genuine = Buffer.from(await workbook.xlsx.writeBuffer());
}, 60_000);
afterAll(() => app?.close());

interface HostileFile {
  name: string;
  bytes: Buffer;
}

// ---- Workbooks ----------------------------------------------------------------------------------

const columnLetters = fc.string({ unit: fc.constantFrom('A', 'D', 'F', 'X', 'Z'), minLength: 1, maxLength: 12 });
const rowNumber = fc.oneof(fc.nat(2_000_000), fc.constantFrom(0, 1_048_576, 1_048_577, 2 ** 53, -1));
const cellReference = fc.tuple(columnLetters, rowNumber).map(([letters, row]) => `${letters}${row}`);

/** Pieces of sheet and shared-strings XML, whole or cut: repeated, they make unclosed tags, deep nesting and huge rows. */
const xmlPiece = fc.oneof(
  fc.constantFrom(
    '<row>',
    '</row>',
    '<c>',
    '</c>',
    '<c t="s"><v>0</v></c>',
    '<c t="inlineStr"><is><t>',
    '</t></is></c>',
    '<v>',
    '</v>',
    '<v>1e308</v>',
    '<si>',
    '<si><t>x</t></si>',
    '<t>',
    '<rPh>',
    '&amp;',
    '&#x110000;',
    '&#99999999999;',
    '<',
    '>',
    '"',
    '/>',
    '<c r="XFD1"><v>1</v></c>',
  ),
  cellReference.map((reference) => `<c r="${reference}"><v>1</v></c>`),
  rowNumber.map((row) => `<row r="${row}">`),
  fc.string({ maxLength: 20 }),
);
const repeatedPieces = fc
  .array(fc.tuple(xmlPiece, fc.constantFrom(1, 10, 1_000, 50_000)), { maxLength: 6 })
  .map((parts) => parts.map(([piece, times]) => piece.repeat(times)).join(''));
const hostileXml = repeatedPieces.map((body) => `<worksheet><sheetData>${body}</sheetData></worksheet>`);

const storedOrNot = (parts: ZipPart[], stored: boolean) => parts.map((part) => ({ ...part, stored }));

const hostileWorkbook = fc
  .record({ sheet: hostileXml, strings: fc.option(repeatedPieces, { nil: undefined }), stored: fc.boolean() })
  .map(({ sheet, strings, stored }) => zipOf(storedOrNot(workbookParts(sheet, strings && `<sst>${strings}</sst>`), stored)));

/** A part that inflates to many MB, stating its size truly, as less, as more, or in a ZIP64 field. */
const bomb = fc
  .record({
    mebibytes: fc.constantFrom(1, 50, 300, 2_560),
    filler: fc.constantFrom(' ', '<row><c><v>1</v></c></row>', '<si>', '<c r="ZZZZZZZ1"/>'),
    part: fc.constantFrom(SHEET, STRINGS, 'xl/workbook.xml', 'xl/styles.xml'),
    stated: fc.oneof(
      fc.constant('true' as const),
      fc.nat(0xffffffff).map((size) => ({ size })),
      fc.bigInt(0n, 2n ** 64n - 1n).map((zip64Size) => ({ zip64Size })),
    ),
  })
  .map(({ mebibytes, filler, part, stated }) => {
    const content = deflateBomb(mebibytes, filler);
    const size = stated === 'true' ? { declaredSize: mebibytes * MB } : 'size' in stated ? { declaredSize: stated.size } : stated;
    const parts = workbookParts('<worksheet/>', part === STRINGS ? '' : undefined);
    return zipOf(parts.map((kept) => (kept.name === part ? { ...kept, content, deflated: true, ...size } : kept)));
  });

/** The genuine workbook cut short, some of its bytes changed, or both. */
const damagedWorkbook = fc
  .record({
    cutAt: fc.option(fc.double({ min: 0, max: 1, noNaN: true }), { nil: undefined }),
    changes: fc.array(fc.tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.nat(255)), { maxLength: 20 }),
  })
  .map(({ cutAt, changes }) => {
    const bytes = Buffer.from(genuine);
    for (const [at, value] of changes) bytes[Math.floor(at * (bytes.length - 1))] = value;
    return cutAt === undefined ? bytes : bytes.subarray(0, Math.floor(cutAt * bytes.length));
  });

const zipLookalike = fc.uint8Array({ maxLength: 4_000 }).map((rest) => Buffer.concat([Buffer.from('PK\u0003\u0004'), rest]));

const workbookFile = fc
  .oneof(hostileWorkbook, bomb, damagedWorkbook, zipLookalike)
  .map((bytes): HostileFile => ({ name: 'hostile.xlsx', bytes }));

// ---- CSVs ---------------------------------------------------------------------------------------

const csvText = fc.oneof(
  fc
    .array(fc.array(fc.string({ unit: 'binary', maxLength: 30 }), { maxLength: 20 }), { maxLength: 50 })
    .map((rows) => [ENTRY_EXPORT_COLUMNS.join(','), ...rows.map((cells) => cells.join(','))].join('\r\n')),
  fc
    .tuple(fc.constantFrom('"', ',', '\r\n', '""', '\ufeff', 'a'), fc.constantFrom(1_000, 100_000, 3_000_000))
    .map(([piece, times]) => `${ENTRY_EXPORT_COLUMNS.join(',')}\r\n${piece.repeat(times)}`),
);
const csvBytes = fc.oneof(
  csvText.map((text) => Buffer.from(text)),
  csvText.map((text) => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')])),
  csvText.map((text) => Buffer.from(text, 'latin1')),
  fc.uint8Array({ maxLength: 4_000 }).map((bytes) => Buffer.from(bytes)),
);
const csvFile = csvBytes.map((bytes): HostileFile => ({ name: 'hostile.csv', bytes }));

// ---- Watching the server ------------------------------------------------------------------------

const residentMb = () => process.memoryUsage().rss / MB;

/**
 * Asks GET /api/health every 50 ms while `work` runs (failing on any answer but 200), noting the
 * process's memory each time; answers `work`'s result, the slowest health answer and the memory's peak.
 */
async function watched<T>(work: Promise<T>): Promise<{ result: T; slowestHealthMs: number; peakMb: number }> {
  let done = false;
  let slowestHealthMs = 0;
  let peakMb = residentMb();
  const watcher = (async () => {
    while (!done) {
      const started = performance.now();
      const response = await fetch(`${app.baseUrl}/api/health`);
      await response.arrayBuffer();
      expect(response.status).toBe(200);
      slowestHealthMs = Math.max(slowestHealthMs, performance.now() - started);
      peakMb = Math.max(peakMb, residentMb());
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  try {
    const result = await work;
    return { result, slowestHealthMs, peakMb: Math.max(peakMb, residentMb()) };
  } finally {
    done = true;
    await watcher;
  }
}

describe('POST /api/import?dryRun=true with hostile files', () => {
  it(`answers 2xx or 4xx {error} within 5 s, memory and health unharmed (${NUMBER_OF_RUNS} files)`, async () => {
    const baselineMb = residentMb();
    let peakMb = baselineMb;
    let slowestHealthMs = 0;
    await fc.assert(
      fc.asyncProperty(fc.oneof(workbookFile, csvFile), async (file) => {
        const started = performance.now();
        const sent = upload(app, admin.token, { name: file.name, content: new Uint8Array(file.bytes) }, '?dryRun=true');
        const { result: response, ...watch } = await watched(sent);
        const answeredMs = performance.now() - started;
        peakMb = Math.max(peakMb, watch.peakMb);
        slowestHealthMs = Math.max(slowestHealthMs, watch.slowestHealthMs);
        const summary = `${file.name} of ${file.bytes.length} bytes: ${response.status} ${JSON.stringify(response.body)}`;
        expect(response.status < 300 || (response.status >= 400 && response.status < 500), summary).toBe(true);
        if (response.status >= 400) expect(typeof response.body?.error, summary).toBe('string');
        expect(answeredMs, summary).toBeLessThan(ANSWER_WITHIN_MS);
        expect(watch.slowestHealthMs, summary).toBeLessThan(HEALTH_WITHIN_MS);
      }),
      { numRuns: NUMBER_OF_RUNS },
    );
    expect(peakMb - baselineMb, `memory grew from ${baselineMb.toFixed(0)} MB to ${peakMb.toFixed(0)} MB`).toBeLessThan(
      MEMORY_GROWTH_MB,
    );
    console.log(
      `hostile files: memory ${baselineMb.toFixed(0)} -> peak ${peakMb.toFixed(0)} MB; health answered in ${slowestHealthMs.toFixed(0)} ms at most`,
    );
  }, 300_000);
});
