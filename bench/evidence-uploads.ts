/**
 * Evidence uploads benchmark (issue 31): BENCH_CLIENTS people (20) each upload one file of
 * BENCH_FILE_MB (10) MB to an entry of theirs at the same moment, against the product started as
 * `npm start` does (EVIDENCE_MAX_MB at the file's size). The files are PDFs, so the API stores
 * each as it arrives (1 MiB pieces into PostgreSQL) and never holds one whole. Prints the time to
 * the last answer, the throughput, the API process's resident memory before and at its peak (its
 * growth must stay far below clients x file size), and the load average (figures on a busy
 * machine are not comparable). Every answer must be 201 with the SHA-256 of what was sent.
 *
 * Run: `npm run bench:evidence`. Sizes: BENCH_CLIENTS (20), BENCH_FILE_MB (10).
 * A quick check: `BENCH_CLIENTS=3 BENCH_FILE_MB=1 npm run bench:evidence`. Linux only (/proc).
 */
import { createHash } from 'node:crypto';
import { accountsApi, startProduct, type Account } from '@tht/test-kit';
import { benchDatabase } from './support/bench-postgres';
import { pidListeningOn, withPeakMemory } from './support/process-memory';
import { emitRow, loadAverageText } from './support/report';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 20);
const FILE_MB = Number(process.env.BENCH_FILE_MB ?? 10);
const MEGABYTE = 1024 * 1024;

/** A PDF of just under `megabytes` MB (the product judges the type from its first bytes). */
function pdfOf(megabytes: number): Buffer {
  const head = Buffer.from('%PDF-1.7\n% benchmark\n');
  const tail = Buffer.from('\n%%EOF\n');
  return Buffer.concat([head, Buffer.alloc(megabytes * MEGABYTE - 1024 - head.length - tail.length, 0x20), tail]);
}

interface Uploader {
  token: string;
  entryId: number;
}

async function uploaderFor(accounts: ReturnType<typeof accountsApi>, account: Account): Promise<Uploader> {
  const token = await accounts.signInToken(account.email, account.password);
  const department = await accounts.ensureDepartment();
  const entry = await accounts.api<{ id: number }>('POST', '/api/entries', token, {
    firstName: account.firstName,
    lastName: account.lastName,
    managerName: 'Organisation Head',
    department,
    trainingName: 'First Aid at Work',
    date: new Date().toISOString().slice(0, 10),
    hours: 6,
  });
  return { token, entryId: entry.id };
}

async function upload(baseUrl: string, uploader: Uploader, file: Buffer): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file)], { type: 'application/pdf' }), 'certificate.pdf');
  const response = await fetch(`${baseUrl}/api/entries/${uploader.entryId}/evidence`, {
    method: 'POST',
    headers: { authorization: `Bearer ${uploader.token}` },
    body: form,
  });
  const text = await response.text();
  if (response.status !== 201) throw new Error(`An upload answered ${response.status}: ${text}`);
  return (JSON.parse(text) as { sha256: string }).sha256;
}

const database = await benchDatabase();
console.log(`Evidence uploads: ${CLIENTS} clients at once, ${FILE_MB} MB each, on ${database.describe}`);
try {
  const product = await startProduct({
    DATABASE_URL: database.connectionString,
    EVIDENCE_MAX_MB: String(FILE_MB),
    EVIDENCE_QUOTA_MB: String(Math.max(FILE_MB, 200)),
  });
  try {
    const accounts = accountsApi(product);
    const people = [];
    for (let index = 0; index < CLIENTS; index += 1) people.push(await accounts.createAccount('employee'));
    const uploaders = await Promise.all(people.map((person) => uploaderFor(accounts, person)));
    const file = pdfOf(FILE_MB);
    const sha256 = createHash('sha256').update(file).digest('hex');
    const pid = await pidListeningOn(Number(new URL(product.baseUrl).port));
    const started = performance.now();
    const {
      result: answered,
      beforeMb,
      peakMb,
    } = await withPeakMemory(pid, () => Promise.all(uploaders.map((uploader) => upload(product.baseUrl, uploader, file))));
    const seconds = (performance.now() - started) / 1000;
    if (answered.some((stored) => stored !== sha256)) throw new Error('A stored file has another SHA-256 than the one sent');
    const megabytes = (CLIENTS * file.length) / MEGABYTE;
    const growthMb = peakMb - beforeMb;
    console.log(
      `  ${CLIENTS} files (${megabytes.toFixed(0)} MB) stored in ${seconds.toFixed(1)} s: ${(megabytes / seconds).toFixed(1)} MB/s`,
    );
    console.log(
      `  API resident memory ${beforeMb.toFixed(0)} MB before, ${peakMb.toFixed(0)} MB at its peak (+${growthMb.toFixed(0)} MB ` +
        `for ${megabytes.toFixed(0)} MB uploaded); ${loadAverageText()}`,
    );
    emitRow({
      request: `POST /api/entries/{id}/evidence, ${FILE_MB} MB PDF each, all at once`,
      clients: CLIENTS,
      perSecond: CLIENTS / seconds,
      unit: 'uploads',
      p50Ms: null,
      p95Ms: null,
      floorPerSecond: null,
      ratio: null,
      target: 'for reference',
      met: null,
      note: `${megabytes.toFixed(0)} MB in ${seconds.toFixed(1)} s, API memory +${growthMb.toFixed(0)} MB`,
    });
  } finally {
    await product.stop();
  }
} catch (error) {
  console.error(`evidence-uploads failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
