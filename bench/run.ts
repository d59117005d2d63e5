// `npm run bench`: runs every bench/*.ts script in turn, each in its own process, prints their
// output, and at the end one table of every result row they emitted (`BENCH_ROW {json}` lines, see
// support/report.ts) with the load average at the start and end of each script.
// `npm run bench -- api-auth bundle-budget` runs only the scripts named. Every script starts the
// product itself (fresh DATA_DIR), or measures the one at BENCH_BASE_URL when that is set.
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg } from 'node:os';
import { basename, join } from 'node:path';
import { createInterface } from 'node:readline';
import { loadAverageText, ROW_PREFIX, rowCells, TABLE_HEADER, type BenchRow } from './support/report';

const benchDir = import.meta.dirname;
const tsxCli = createRequire(import.meta.url).resolve('tsx/cli');

function benchScripts(only: string[]): string[] {
  const all = readdirSync(benchDir)
    .filter((file) => file.endsWith('.ts') && file !== basename(import.meta.filename))
    .sort();
  const unknown = only.filter((name) => !all.includes(`${name.replace(/\.ts$/, '')}.ts`));
  if (unknown.length > 0) throw new Error(`No such benchmark: ${unknown.join(', ')} (have: ${all.join(', ')})`);
  return only.length === 0 ? all : all.filter((file) => only.some((name) => `${name.replace(/\.ts$/, '')}.ts` === file));
}

/** Runs a script, passing its output through except its result rows, which it returns. */
function runScript(file: string): Promise<{ exitCode: number; rows: BenchRow[] }> {
  return new Promise((resolveExit, reject) => {
    const child = spawn(process.execPath, [tsxCli, join(benchDir, file)], { stdio: ['inherit', 'pipe', 'inherit'] });
    const rows: BenchRow[] = [];
    createInterface({ input: child.stdout }).on('line', (line) => {
      if (line.startsWith(ROW_PREFIX)) rows.push(JSON.parse(line.slice(ROW_PREFIX.length)) as BenchRow);
      else console.log(line);
    });
    child.once('error', reject);
    child.once('close', (code, signal) => resolveExit({ exitCode: code ?? (signal ? 1 : 0), rows }));
  });
}

interface ScriptResult {
  file: string;
  seconds: number;
  exitCode: number;
  loadAtStart: number;
  loadAtEnd: number;
  rows: BenchRow[];
}

const markdownRow = (cells: readonly string[]) => `| ${cells.join(' | ')} |`;

function printTable(results: readonly ScriptResult[]): void {
  console.log('\n=== results (ratios to the floor or baseline measured in the same run) ===');
  console.log(markdownRow(TABLE_HEADER));
  console.log(markdownRow(TABLE_HEADER.map(() => '---')));
  for (const { file, rows, loadAtStart, loadAtEnd } of results) {
    if (rows.length === 0) continue;
    const load = `load average ${loadAtStart.toFixed(1)} at the start, ${loadAtEnd.toFixed(1)} at the end`;
    console.log(markdownRow([`**${file}** (${load})`, ...TABLE_HEADER.slice(1).map(() => '')]));
    for (const row of rows) console.log(markdownRow(rowCells(row)));
  }
}

const results: ScriptResult[] = [];
for (const file of benchScripts(process.argv.slice(2))) {
  console.log(`\n=== ${file} ===`);
  // Figures taken on a busy machine are not comparable: say how busy it was.
  console.log(`(${loadAverageText()})`);
  const loadAtStart = loadavg()[0]!;
  const started = performance.now();
  const { exitCode, rows } = await runScript(file);
  const loadAtEnd = loadavg()[0]!;
  console.log(`(at the end: ${loadAverageText()})`);
  results.push({ file, seconds: (performance.now() - started) / 1000, exitCode, loadAtStart, loadAtEnd, rows });
}

printTable(results);
console.log('\n=== summary ===');
for (const { file, seconds, exitCode } of results) {
  console.log(`${exitCode === 0 ? 'ok    ' : 'FAILED'} ${file} (${seconds.toFixed(0)} s)`);
}
if (results.some((result) => result.exitCode !== 0)) process.exitCode = 1;
