// `npx tsx bench/probes/hostile-input.ts`: sends the hostile files and expensive requests of issue
// #18 to a running product (a fresh one started as `npm start` does, or BENCH_BASE_URL) and prints
// one line per input with what it measured: the answer, how long it took, the API process's memory
// and how slowly GET /api/health answered meanwhile. Not a benchmark: `npm run bench` does not run it.
import { readdir, stat } from 'node:fs/promises';
import http from 'node:http';
import { join } from 'node:path';
import { ENTRY_EXPORT_COLUMNS } from '@tht/contracts';
import { deflateBomb, workbookParts, zipOf } from '../../api/src/import/testing/hostile-files';
import { pidListeningOn, withPeakMemory } from '../support/process-memory';
import { runBenchmark, type BenchProduct } from '../support/product';

const MB = 1024 * 1024;
const HEALTH_EVERY_MS = 50;

const headerRow = `<row r="1">${ENTRY_EXPORT_COLUMNS.map((column, i) => `<c r="${String.fromCharCode(65 + i)}1" t="inlineStr"><is><t>${column}</t></is></c>`).join('')}</row>`;
const sheet = (rows: string) => `<worksheet><sheetData>${headerRow}${rows}</sheetData></worksheet>`;

/** The workbooks and CSVs of the issue's table, built as an attacker would. */
function hostileFiles(): Array<{ input: string; name: string; bytes: Buffer }> {
  return [
    {
      input: 'a workbook with one cell <c r="ZZZZZZZ2">',
      name: 'cell.xlsx',
      bytes: zipOf(workbookParts(sheet('<row r="2"><c r="ZZZZZZZ2"><v>1</v></c></row>'))),
    },
    {
      input: 'a workbook whose Entries sheet inflates to 2.5 GiB of spaces (its size stated truly)',
      name: 'bomb.xlsx',
      bytes: zipOf(
        workbookParts('<worksheet/>').map((part) =>
          part.name === 'xl/worksheets/sheet1.xml'
            ? { ...part, content: deflateBomb(2_560), deflated: true, declaredSize: 2_560 * MB }
            : part,
        ),
      ),
    },
    {
      input: 'a sheet of 300,000 rows with no </row> (stored, so no ratio cap stops it first)',
      name: 'unclosed-rows.xlsx',
      bytes: zipOf(workbookParts(sheet('<row><c><v>1</v></c>'.repeat(300_000))).map((part) => ({ ...part, stored: true }))),
    },
    {
      input: '1,000,000 unclosed <si> in the shared strings (stored)',
      name: 'unclosed-strings.xlsx',
      bytes: zipOf(workbookParts(sheet(''), `<sst>${'<si>'.repeat(1_000_000)}</sst>`).map((part) => ({ ...part, stored: true }))),
    },
    {
      input: 'a CSV row of 3,000,000 escaped quotes',
      name: 'quotes.csv',
      bytes: Buffer.from(`${ENTRY_EXPORT_COLUMNS.join(',')}\r\n"${'""'.repeat(1_500_000)}"\r\n`),
    },
  ];
}

async function dryRun(product: BenchProduct, token: string, file: { name: string; bytes: Buffer }) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file.bytes)]), file.name);
  const started = performance.now();
  const response = await fetch(`${product.baseUrl}/api/import?dryRun=true`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const text = await response.text();
  return { status: response.status, text, ms: performance.now() - started };
}

/** Runs `work` while asking GET /api/health every 50 ms; returns its result and the slowest answer. */
async function withHealthProbe<Result>(
  product: BenchProduct,
  work: () => Promise<Result>,
): Promise<{ result: Result; slowestMs: number; failed: number }> {
  let probing = true;
  let slowestMs = 0;
  let failed = 0;
  const probe = (async () => {
    while (probing) {
      const started = performance.now();
      const ok = await fetch(`${product.baseUrl}/api/health/live`).then(
        (r) => r.ok,
        () => false,
      );
      slowestMs = Math.max(slowestMs, performance.now() - started);
      if (!ok) failed += 1;
      await new Promise((resolve) => setTimeout(resolve, HEALTH_EVERY_MS));
    }
  })();
  try {
    return { result: await work(), slowestMs, failed };
  } finally {
    probing = false;
    await probe;
  }
}

/** Sends half of a 10 MB upload, then drops the connection: how long until the upload's file is gone. */
async function abortedUpload(product: BenchProduct, token: string): Promise<string> {
  if (!product.dataDir) return 'skipped (BENCH_BASE_URL: the DATA_DIR is not on this machine)';
  const uploads = join(product.dataDir, 'import-uploads');
  const boundary = 'probe-boundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.csv"\r\nContent-Type: text/csv\r\n\r\n`;
  const url = new URL(`${product.baseUrl}/api/import?dryRun=true`);
  const request = http.request(url, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': String(head.length + 10 * MB),
    },
  });
  request.on('error', () => {});
  request.write(head);
  request.write(Buffer.alloc(5 * MB, 'a'));
  await new Promise((resolve) => setTimeout(resolve, 300));
  const during = await readdir(uploads).catch(() => []);
  const folderMode = (await stat(uploads)).mode & 0o777;
  const fileModes = await Promise.all(during.map(async (name) => ((await stat(join(uploads, name))).mode & 0o777).toString(8)));
  const dropped = performance.now();
  request.destroy();
  let left = during.length;
  while (left > 0 && performance.now() - dropped < 5_000) {
    await new Promise((resolve) => setTimeout(resolve, 10));
    left = (await readdir(uploads).catch(() => [])).length;
  }
  return [
    `while uploading: ${during.length} file(s) in import-uploads (mode ${fileModes.join(', ') || '-'}), folder mode ${folderMode.toString(8)}`,
    `after the client dropped the connection: ${left} left, gone within ${(performance.now() - dropped).toFixed(0)} ms`,
  ].join('; ');
}

/** An HR user asks for the HR stats as of a new moment each time, with a write in between (a new log position each time). */
async function asOfFlood(product: BenchProduct): Promise<string> {
  const hr = await product.accounts.createAccount('hr');
  const token = await product.accounts.signInToken(hr.email, hr.password);
  const statuses: number[] = [];
  for (let i = 0; i < 20; i += 1) {
    await product.accounts.api('POST', '/api/entries', token, {
      email: hr.email,
      firstName: hr.firstName,
      lastName: hr.lastName,
      managerName: 'Probe',
      trainingName: `As-of probe ${i}`,
      date: '2025-03-04',
      hours: 1,
    });
    const moment = new Date(Date.now() - 1).toISOString();
    const answer = await fetch(`${product.baseUrl}/api/hr/stats?year=2025&asOf=${encodeURIComponent(moment)}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    await answer.text();
    statuses.push(answer.status);
  }
  const count = (status: number) => statuses.filter((s) => s === status).length;
  return `20 distinct moments, one user: ${count(202)} queued (202), ${count(200)} answered (200), ${count(503)} refused (503), others ${statuses.filter((s) => ![200, 202, 503].includes(s)).join(', ') || 'none'}`;
}

async function malformedPercent(product: BenchProduct, token: string): Promise<string> {
  const paths = ['/api/entries?year=%FF%FE', '/api/hr/stats?year=%E0%A4%A', '/api/entries?userId=%C0%80'];
  const answers = await Promise.all(
    paths.map(async (path) => {
      const response = await fetch(`${product.baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
      const text = await response.text();
      const json = (() => {
        try {
          return typeof (JSON.parse(text) as { error?: unknown }).error === 'string';
        } catch {
          return false;
        }
      })();
      return `${path} ${response.status} ${json ? 'JSON {error}' : `not JSON: ${JSON.stringify(text.slice(0, 40))}`}`;
    }),
  );
  return answers.join('; ');
}

await runBenchmark('hostile-input', async (product) => {
  const token = await product.accounts.adminToken();
  const pid = await pidListeningOn(Number(new URL(product.baseUrl).port));
  const lines: Array<[string, string]> = [];
  const record = (input: string, figure: string) => {
    lines.push([input, figure]);
    console.log(`${input}: ${figure}`);
  };
  for (const file of hostileFiles()) {
    const { result, beforeMb, peakMb } = await withPeakMemory(pid, () =>
      withHealthProbe(product, () => dryRun(product, token, file)),
    );
    const alive = await fetch(`${product.baseUrl}/api/health/live`).then(
      (r) => r.status,
      () => 'no answer',
    );
    record(
      `${file.input} (${(file.bytes.length / 1024).toFixed(0)} KB)`,
      `dry run ${result.result.status} in ${(result.result.ms / 1000).toFixed(2)} s ${JSON.stringify(result.result.text.slice(0, 110))}; ` +
        `API memory +${(peakMb - beforeMb).toFixed(0)} MB; GET /api/health/live slowest ${result.slowestMs.toFixed(0)} ms, ${result.failed} failed; afterwards ${alive}`,
    );
  }
  record('a client that aborts an upload half-way', await abortedUpload(product, token));
  record('asOf with a new moment each time', await asOfFlood(product));
  record('malformed percent-encoding', await malformedPercent(product, token));

  console.log('\n| input | measured |\n|---|---|');
  for (const [input, figure] of lines) console.log(`| ${input} | ${figure} |`);
});
