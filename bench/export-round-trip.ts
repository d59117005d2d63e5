/**
 * The exports at organisation size and the XLSX export's round trip (issue 33). Seeds
 * BENCH_EXPORT_PEOPLE people (10,000) and BENCH_EXPORT_ENTRIES entries (1,100,000: more than one
 * Excel worksheet holds) with `npm run seed-organisation -- --history`, starts the product as `npm start` does,
 * and as HR:
 *   - downloads `GET /api/export` (CSV, every entry) and `?format=xlsx` (every sheet), each timed to
 *     the last byte with the API process's resident memory growth (targets: CSV < 30 s, XLSX < 60 s
 *     at 2,000,000 entries, growth < 200 MB);
 *   - opens the workbook again with exceljs's streaming reader and counts every row of every
 *     worksheet: none may hold more than Excel's 1,048,576 rows, and the Entries sheet with its
 *     continuation sheets must hold every entry;
 *   - imports it into a second, empty product (`POST /api/import`, a dry run for the roles'
 *     confirmation, then the import followed to its end) and counts the entries there.
 * BENCH_EXPORT_ROUND_TRIP=0 leaves out the opening and the import (the exports' figures alone).
 *
 * Run: `npx tsx bench/export-round-trip.ts`, or `npm run bench -- export-round-trip`. A quick
 * check: `BENCH_EXPORT_PEOPLE=300 BENCH_EXPORT_ENTRIES=20000 npx tsx bench/export-round-trip.ts`.
 * Linux only (/proc). Needs about 3 GB of disk at the full size.
 */
import { createWriteStream, openAsBlob } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { EXPORT_SHEETS, importJobSchema, importReportSchema, XLSX_ROWS_PER_SHEET, type ImportJob } from '@tht/contracts';
import { createPool } from '@tht/postgres';
import { createTestDatabase, type TestDatabase } from '@tht/postgres/testing';
import { startProduct, type RunningProduct } from '@tht/test-kit';
import { personWithRole } from '@tht/test-kit/organisation';
import ExcelJS from 'exceljs';
import { download } from './support/download';
import { pidListeningOn, withPeakMemory } from './support/process-memory';
import { emitRow, loadAverageText, timedRow } from './support/report';
import { benchSeed, secondsSince, seedOrganisation, signIns } from './support/seed';
import { signedInAs } from './support/seeded-product';

const PEOPLE = Number(process.env.BENCH_EXPORT_PEOPLE ?? 10_000);
const ENTRIES = Number(process.env.BENCH_EXPORT_ENTRIES ?? 1_100_000);
const ROUND_TRIP = process.env.BENCH_EXPORT_ROUND_TRIP !== '0';
/** The targets, at 2,000,000 entries. */
const TARGETS = { csvSeconds: 30, xlsxSeconds: 60, growthMb: 200 };
const THIS_YEAR = new Date().getUTCFullYear();
const SEED = benchSeed({ people: PEOPLE, entries: ENTRIES, years: [THIS_YEAR - 4, THIS_YEAR], seed: 33 });

const number = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 });
const megabytes = (bytes: number) => `${(bytes / 1e6).toFixed(0)} MB`;

async function countEntries(database: TestDatabase): Promise<number> {
  const pool = createPool(database.connectionString, { max: 1 });
  try {
    const { rows } = await pool.query<{ count: number }>('SELECT count(*)::int AS count FROM read_models.entries');
    return rows[0]!.count;
  } finally {
    await pool.end();
  }
}

/** Downloads `path` into `file`; resolves with the time to the last byte. */
function downloadTo(baseUrl: string, path: string, headers: Record<string, string>, file: string): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    http
      .get(`${baseUrl}${path}`, { headers }, (response) => {
        if (response.statusCode !== 200) return reject(new Error(`${path} answered ${response.statusCode}`));
        pipeline(response, createWriteStream(file)).then(() => resolve(secondsSince(started)), reject);
      })
      .on('error', reject);
  });
}

/** Times both exports with the API's memory growth; the workbook is kept in `file`. */
async function exports(product: RunningProduct, headers: Record<string, string>, entries: number, file: string): Promise<void> {
  const apiPid = await pidListeningOn(Number(new URL(product.baseUrl).port));
  const runs = [
    { format: 'csv', target: TARGETS.csvSeconds, fetch: () => download(product.baseUrl, '/api/export', headers) },
    {
      format: 'xlsx',
      target: TARGETS.xlsxSeconds,
      fetch: async () => {
        const seconds = await downloadTo(product.baseUrl, '/api/export?format=xlsx', headers, file);
        return { seconds, bytes: (await openAsBlob(file)).size, lines: 0 };
      },
    },
  ];
  for (const { format, target, fetch } of runs) {
    console.log(`  GET /api/export?format=${format} (${loadAverageText()})`);
    const { result, beforeMb, peakMb } = await withPeakMemory(apiPid, fetch);
    if (format === 'csv' && result.lines !== entries + 1) throw new Error(`the CSV has ${result.lines} lines, not ${entries + 1}`);
    const growth = peakMb - beforeMb;
    emitRow(
      timedRow(
        `GET /api/export?format=${format} (${number.format(entries)} entries)`,
        entries,
        'entries',
        result.seconds,
        `< ${target} s at 2M entries, growth < ${TARGETS.growthMb} MB`,
        result.seconds * (2_000_000 / entries) < target && growth < TARGETS.growthMb,
        `${megabytes(result.bytes)}, memory growth ${growth.toFixed(0)} MB`,
      ),
    );
  }
}

/** Reads the workbook with exceljs's streaming reader, counting every worksheet's rows; returns the entries' rows. */
async function openedEntries(file: string): Promise<number> {
  const started = performance.now();
  const rowsOf = new Map<string, number>();
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(file, { sharedStrings: 'ignore', styles: 'ignore', worksheets: 'emit' });
  for await (const worksheet of reader) {
    let rows = 0;
    for await (const _row of worksheet) rows += 1;
    rowsOf.set((worksheet as unknown as { name: string }).name, rows);
  }
  const listed = [...rowsOf].map(([name, rows]) => `${name} ${number.format(rows)}`).join(', ');
  console.log(`  the workbook opened again in ${secondsSince(started).toFixed(1)} s: ${listed}`);
  const tooLong = [...rowsOf].filter(([, rows]) => rows > XLSX_ROWS_PER_SHEET);
  if (tooLong.length > 0) throw new Error(`worksheets past Excel's rows: ${tooLong.map(([name]) => name).join(', ')}`);
  const entriesSheets = [...rowsOf].filter(
    ([name]) => name === EXPORT_SHEETS.entries || name.startsWith(`${EXPORT_SHEETS.entries} (`),
  );
  return entriesSheets.reduce((sum, [, rows]) => sum + rows - 1, 0);
}

async function upload(product: RunningProduct, token: string, file: string, query: string): Promise<Response> {
  const form = new FormData();
  form.append('file', await openAsBlob(file), 'export.xlsx');
  return fetch(`${product.baseUrl}/api/import?${query}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
}

/** Imports the workbook into `product` as its admin: a dry run for the roles' confirmation, then the import, followed to its end. */
async function importWorkbook(product: RunningProduct, file: string): Promise<ImportJob> {
  const signIn = await fetch(`${product.baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: product.adminEmail, password: product.adminPassword }),
  });
  const { authToken: token } = (await signIn.json()) as { authToken: string };
  const checked = await upload(product, token, file, 'dryRun=true');
  if (checked.status !== 200) throw new Error(`the dry run answered ${checked.status}: ${await checked.text()}`);
  const { rolesConfirmation } = importReportSchema.parse(await checked.json());
  const started = await upload(product, token, file, rolesConfirmation ? `confirmRoles=${rolesConfirmation}` : '');
  if (started.status !== 202) throw new Error(`the import answered ${started.status}: ${await started.text()}`);
  let job = importJobSchema.parse(await started.json());
  while (job.status === 'running') {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const headers = { authorization: `Bearer ${token}` };
    job = importJobSchema.parse(await (await fetch(`${product.baseUrl}/api/import/${job.id}`, { headers })).json());
  }
  if (job.status !== 'completed')
    throw new Error(`the import ended ${job.status}: ${JSON.stringify(job.report.errors.slice(0, 3))}`);
  return job;
}

/** The round trip: the workbook imported into an empty product, whose entries are then counted. */
async function roundTrip(file: string, entries: number): Promise<void> {
  const opened = await openedEntries(file);
  if (opened !== entries) throw new Error(`the workbook holds ${opened} entries, not ${entries}`);
  const database = await createTestDatabase();
  try {
    const product = await startProduct({ DATABASE_URL: database.connectionString });
    try {
      const apiPid = await pidListeningOn(Number(new URL(product.baseUrl).port));
      console.log(`  POST /api/import of the workbook (${loadAverageText()})`);
      const started = performance.now();
      const { result: job, beforeMb, peakMb } = await withPeakMemory(apiPid, () => importWorkbook(product, file));
      const seconds = secondsSince(started);
      const imported = await countEntries(database);
      const whole = imported === entries && job.report.failed === 0;
      emitRow(
        timedRow(
          `XLSX export of ${number.format(entries)} entries imported into an empty product`,
          entries,
          'entries',
          seconds,
          'every entry back',
          whole,
          `${number.format(imported)} entries there, ${job.report.failed} rows failed, ${job.report.duplicates} duplicates, ` +
            `memory growth ${(peakMb - beforeMb).toFixed(0)} MB`,
        ),
      );
      if (!whole) throw new Error(`the import brought ${imported} of ${entries} entries back`);
    } finally {
      await product.stop();
    }
  } finally {
    await database.drop();
  }
}

async function main(): Promise<void> {
  console.log(`export round trip: ${number.format(PEOPLE)} people, ${number.format(ENTRIES)} entries (${loadAverageText()})`);
  const folder = await mkdtemp(join(tmpdir(), 'tht-export-'));
  const file = join(folder, 'export.xlsx');
  const database = await createTestDatabase();
  try {
    // The whole history in bulk: appending each account and entry one stream at a time takes hours at this size.
    await seedOrganisation(database.connectionString, [...SEED.options, '--history']);
    const entries = await countEntries(database);
    const product = await startProduct({ DATABASE_URL: database.connectionString });
    try {
      const hr = await signIns(product.baseUrl, SEED.organisation)(personWithRole(SEED.organisation, 'hr').index);
      await exports(product, signedInAs(hr), entries, file);
    } finally {
      await product.stop();
    }
    if (ROUND_TRIP) await roundTrip(file, entries);
  } finally {
    await database.drop();
    await rm(folder, { recursive: true, force: true });
  }
}

await main();
