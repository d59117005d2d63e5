/**
 * Admin import benchmark (issue 12). Starts the product as `npm start` does (its own process) on a
 * fresh database with BENCH_USERS people, then imports BENCH_ROWS entries for them twice through
 * `POST /api/import`: once as the export's CSV, once as an export workbook (.xlsx, other training
 * names, so nothing is a duplicate). Each import is timed from the upload to the end of its job
 * (`GET /api/import/{id}` polled), so reading, checking every row and writing in batches all count.
 * Prints rows per second (target: at least 5,000), the peak growth of the API process's resident
 * memory during the import (target: under 200 MB), and how long other requests, asked every 25 ms
 * meanwhile, took at most (target: under 100 ms: an import never holds up other requests):
 * `GET /api/health` during a dry run of the file beforehand, `GET /api/config` during the import
 * (while the import writes, health rightly waits up to 2 s for the projections to catch up).
 *
 * Run: `npx tsx bench/admin-import.ts`, or `npm run bench -- admin-import`. Sizes: BENCH_ROWS
 * (50000), BENCH_USERS (500). A quick check on a small dataset:
 * `BENCH_ROWS=2000 BENCH_USERS=50 npx tsx bench/admin-import.ts`.
 */
import { PassThrough } from 'node:stream';
import { ENTRY_EXPORT_COLUMNS, importJobSchema, type ImportJob } from '@tht/contracts';
import { createTestDatabase } from '@tht/postgres/testing';
import ExcelJS from 'exceljs';
import { emailOf, entryDetails, trainingEntries, type TrainingEntry } from '@tht/test-kit/organisation';
import { startProduct, type RunningProduct } from '@tht/test-kit';
import { pidListeningOn, withPeakMemory } from './support/process-memory';
import { BENCH_DOMAIN, benchSeed, secondsSince, seedOrganisation, signIns } from './support/seed';

const ROWS = Number(process.env.BENCH_ROWS ?? 50_000);
const USERS = Number(process.env.BENCH_USERS ?? 500);
const TARGET_ROWS_PER_SECOND = 5_000;
const TARGET_GROWTH_MB = 200;
const TARGET_LATENCY_MS = 100;
const PROBE_INTERVAL_MS = 25;

type Row = Record<(typeof ENTRY_EXPORT_COLUMNS)[number], string | number | boolean>;

/** The seeded organisation; the import brings its people's entries of 2024 and 2025 (none seeded). */
const { organisation, options: seedOptions } = benchSeed({ people: USERS, entries: 0, years: [2024, 2025], seed: 3 });
const IMPORTED = { from: new Date(Date.UTC(2024, 0, 1)), to: new Date(Date.UTC(2025, 11, 31)) };

/** Entry `index` as an export row, with its seeded person's id and address. */
function entryRow(entry: TrainingEntry, index: number, suffix: string): Row {
  const { firstName, lastName, date, trainingType, courseGivenBy, rating, beInnovative, managerName, department, notes } =
    entryDetails(organisation, entry);
  return {
    firstName,
    lastName,
    date,
    trainingType,
    courseGivenBy,
    rating,
    beInnovative,
    managerName,
    department,
    notes,
    id: index + 1,
    userId: entry.person.index + 1,
    employeeEmail: emailOf(entry.person, BENCH_DOMAIN),
    // Unique per row, so none is a duplicate of another.
    trainingName: `${entry.trainingName} ${index}${suffix}`,
    hours: entry.hours,
    validUntil: '',
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
  };
}

/** The ROWS rows of an import file. */
const importedRows = (suffix: string) =>
  Array.from(trainingEntries(organisation, { period: IMPORTED, count: ROWS, seed: 3 }), (entry, index) =>
    entryRow(entry, index, suffix),
  );

const csvField = (value: string | number | boolean) => {
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

function exportCsv(rows: readonly Row[]): Buffer {
  const lines = [
    ENTRY_EXPORT_COLUMNS.join(','),
    ...rows.map((row) => ENTRY_EXPORT_COLUMNS.map((column) => csvField(row[column])).join(',')),
  ];
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`);
}

/** The workbook as GET /api/export?format=xlsx writes it (exceljs's streaming writer, inline strings). */
async function exportWorkbook(rows: readonly Row[]): Promise<Buffer> {
  const stream = new PassThrough();
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  const writer = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: false, useSharedStrings: false });
  const sheet = writer.addWorksheet('Entries');
  sheet.addRow([...ENTRY_EXPORT_COLUMNS]).commit();
  for (const row of rows) sheet.addRow(ENTRY_EXPORT_COLUMNS.map((column) => row[column])).commit();
  sheet.commit();
  await writer.commit();
  return Buffer.concat(chunks);
}

/** The seeded organisation's administrator (the kit's start-up admin is made only on an empty event store). */
async function signIn(product: RunningProduct): Promise<string> {
  const admin = organisation.people.find((person) => person.role === 'admin')!;
  return (await signIns(product.baseUrl, organisation)(admin.index)).token;
}

/** A dry run of the file (checked, nothing written). */
async function dryRun(product: RunningProduct, token: string, name: string, bytes: Buffer): Promise<void> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  const response = await fetch(`${product.baseUrl}/api/import?dryRun=true`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if (response.status !== 200) throw new Error(`dry run of ${name} answered ${response.status}: ${await response.text()}`);
}

/** Uploads the file and follows its import to the end. */
async function importFile(product: RunningProduct, token: string, name: string, bytes: Buffer): Promise<ImportJob> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  const headers = { authorization: `Bearer ${token}` };
  const started = await fetch(`${product.baseUrl}/api/import`, { method: 'POST', headers, body: form });
  if (started.status !== 202) throw new Error(`import of ${name} answered ${started.status}: ${await started.text()}`);
  let job = importJobSchema.parse(await started.json());
  while (job.status === 'running') {
    await new Promise((resolve) => setTimeout(resolve, 100));
    job = importJobSchema.parse(await (await fetch(`${product.baseUrl}/api/import/${job.id}`, { headers })).json());
  }
  if (job.status !== 'completed' || job.report.failed > 0)
    throw new Error(`import of ${name}: ${job.status}, ${JSON.stringify(job.report.errors.slice(0, 3))}`);
  return job;
}

/** Runs `work` while asking GET `path` every PROBE_INTERVAL_MS; returns its result with the slowest answer and the 99th percentile. */
async function withLatencyProbe<Result>(
  product: RunningProduct,
  path: string,
  work: () => Promise<Result>,
): Promise<{ result: Result; slowestMs: number; p99Ms: number }> {
  const times: number[] = [];
  let asking = true;
  const asker = (async () => {
    while (asking) {
      const started = performance.now();
      const response = await fetch(`${product.baseUrl}${path}`);
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`${path} answered ${response.status} during the import`);
      times.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, PROBE_INTERVAL_MS));
    }
  })();
  try {
    const result = await work();
    return { result, ...slowest(times) };
  } finally {
    asking = false;
    await asker;
  }
}

const latencyText = (what: string, { slowestMs, p99Ms }: { slowestMs: number; p99Ms: number }) =>
  `${what} slowest ${slowestMs.toFixed(0)} ms (p99 ${p99Ms.toFixed(0)} ms) ${slowestMs < TARGET_LATENCY_MS ? 'ok' : 'ABOVE TARGET'}`;

function slowest(times: number[]): { slowestMs: number; p99Ms: number } {
  const sorted = [...times].sort((a, b) => a - b);
  return { slowestMs: sorted.at(-1) ?? 0, p99Ms: sorted[Math.floor(sorted.length * 0.99)] ?? 0 };
}

async function main(): Promise<void> {
  const database = await createTestDatabase();
  await seedOrganisation(database.connectionString, seedOptions);
  console.log('Starting the product as `npm start` does, on the seeded database...');
  const product = await startProduct({ DATABASE_URL: database.connectionString });
  try {
    const token = await signIn(product);
    const apiPid = await pidListeningOn(Number(new URL(product.baseUrl).port));
    const files = [
      {
        name: 'entries.csv',
        make: () => exportCsv(importedRows('')),
      },
      {
        name: 'entries.xlsx',
        make: () => exportWorkbook(importedRows(' (xlsx)')),
      },
    ];
    console.log(
      `Importing ${ROWS} entries for ${USERS} people (targets: >= ${TARGET_ROWS_PER_SECOND} rows/s, ` +
        `memory growth < ${TARGET_GROWTH_MB} MB, other requests < ${TARGET_LATENCY_MS} ms):`,
    );
    for (const file of files) {
      const bytes = await file.make();
      const checking = await withLatencyProbe(product, '/api/health', () => dryRun(product, token, file.name, bytes));
      const started = performance.now();
      const {
        result: { result: job, beforeMb, peakMb },
        ...importing
      } = await withLatencyProbe(product, '/api/config', () =>
        withPeakMemory(apiPid, () => importFile(product, token, file.name, bytes)),
      );
      const seconds = secondsSince(started);
      const rowsPerSecond = job.created.entries / seconds;
      const growth = peakMb - beforeMb;
      console.log(
        `  ${file.name} (${(bytes.length / 1024 / 1024).toFixed(1)} MB): ${job.created.entries} entries in ${seconds.toFixed(1)} s = ` +
          `${rowsPerSecond.toFixed(0)} rows/s ${rowsPerSecond >= TARGET_ROWS_PER_SECOND ? 'ok' : 'BELOW TARGET'}; ` +
          `API memory ${beforeMb.toFixed(0)} -> peak ${peakMb.toFixed(0)} MB (+${growth.toFixed(0)} MB) ${growth < TARGET_GROWTH_MB ? 'ok' : 'ABOVE TARGET'}; ` +
          `other requests: ${latencyText('GET /api/health during a dry run', checking)}, ${latencyText('GET /api/config during the import', importing)}`,
      );
    }
  } finally {
    await product.stop();
    await database.drop();
  }
}

await main();
