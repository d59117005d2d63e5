// `npm run bench`: runs every bench/*.ts script in turn, each in its own process, and prints their
// figures. `npm run bench -- api-auth bundle-budget` runs only the scripts named. Every script starts
// the product itself (fresh DATA_DIR), or measures the one at BENCH_BASE_URL when that is set.
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism, loadavg } from 'node:os';
import { basename, join } from 'node:path';

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

function runScript(file: string): Promise<number> {
  return new Promise((resolveExit, reject) => {
    const child = spawn(process.execPath, [tsxCli, join(benchDir, file)], { stdio: 'inherit' });
    child.once('error', reject);
    child.once('exit', (code, signal) => resolveExit(code ?? (signal ? 1 : 0)));
  });
}

const results: Array<{ file: string; seconds: number; exitCode: number }> = [];
for (const file of benchScripts(process.argv.slice(2))) {
  console.log(`\n=== ${file} ===`);
  // Figures taken on a busy machine are not comparable: say how busy it was.
  console.log(`(${availableParallelism()} CPU cores, load average ${loadavg()[0]!.toFixed(1)} over the last minute)`);
  const started = performance.now();
  const exitCode = await runScript(file);
  results.push({ file, seconds: (performance.now() - started) / 1000, exitCode });
}

console.log('\n=== summary ===');
for (const { file, seconds, exitCode } of results) {
  console.log(`${exitCode === 0 ? 'ok    ' : 'FAILED'} ${file} (${seconds.toFixed(0)} s)`);
}
if (results.some((result) => result.exitCode !== 0)) process.exitCode = 1;
