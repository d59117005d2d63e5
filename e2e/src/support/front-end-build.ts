import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cp, mkdir, readdir, readFile, readlink, rename, rm, stat, utimes } from 'node:fs/promises';
import { availableParallelism, homedir, tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { repoRoot } from '@tht/test-kit';
import { withDirectoryLock } from './directory-lock';

/**
 * The front ends' production builds (`npm run build -w <folder>`, as the product's first start
 * runs it), kept between runs in ${XDG_CACHE_HOME:-~/.cache}/tht/front-ends under a hash of
 * everything a build reads: the front end's folder, the workspace's packages, the lock files of
 * what is installed and the Node.js version. A build whose inputs changed has another key, so a
 * stale build is never restored; it is built again and kept.
 */

/** Bumped when what goes into a key changes, so earlier entries are never read again. */
const KEY_FORMAT = 'front-end-build-1';

/** Entries kept per front end (the newest ones): a few branches' worth. */
const ENTRIES_KEPT = 4;

/** Not read by a build: installed packages (the lock files stand for them), outputs and test caches. */
const NOT_INPUTS = new Set(['node_modules', 'dist', 'coverage']);

const cacheRoot = join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'tht', 'front-ends');

/** The file whose presence means a front end's build is complete (as for the product's first start). */
const builtFile = (folder: string) => (folder === 'shell' ? 'index.html' : 'mf-manifest.json');

/** The workspaces webpack builds: the shell and the remotes. */
async function frontEndFolders(): Promise<string[]> {
  const { workspaces } = JSON.parse(await readFile(join(repoRoot, 'package.json'), 'utf8')) as { workspaces: string[] };
  return workspaces.filter((folder) => existsSync(join(repoRoot, folder, 'webpack.config.js')));
}

async function hashFiles(hash: ReturnType<typeof createHash>, dir: string): Promise<void> {
  const entries = await readdir(dir, { withFileTypes: true });
  entries.sort((a, b) => (a.name < b.name ? -1 : 1));
  for (const entry of entries) {
    if (NOT_INPUTS.has(entry.name) || entry.name.startsWith('.vitest-')) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) await hashFiles(hash, path);
    else if (entry.isFile()) hash.update(`${relative(repoRoot, path)}\0`).update(await readFile(path));
    else if (entry.isSymbolicLink()) hash.update(`${relative(repoRoot, path)}\0-> ${await readlink(path)}\0`);
  }
}

/** The repository's top-level files but its documents: package.json, the lock file, tool configurations (.browserslistrc, .swcrc). */
async function rootConfigFiles(): Promise<string[]> {
  const entries = await readdir(repoRoot, { withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && !entry.name.endsWith('.md'))
    .map((entry) => entry.name)
    .sort();
}

/**
 * The builds' environment: this process's without NODE_ENV, which vitest sets to `test` in the e2e
 * set-up, so the set-up and `npm run build:front-ends` build alike (as `npm run build` from a shell).
 */
function buildEnvironment(): NodeJS.ProcessEnv {
  const { NODE_ENV: _vitestSetsIt, ...environment } = process.env;
  return environment;
}

/** Environment variables webpack, Browserslist or SWC read. */
const readByBuild = (name: string) => /^(NODE_ENV|BROWSERSLIST|SWC_|WEBPACK_)/.test(name);

/** The cache key of one front end's build. */
export async function buildKey(folder: string): Promise<string> {
  const hash = createHash('sha256').update(`${KEY_FORMAT}\0${process.version}\0${process.platform}-${process.arch}\0`);
  await hashFiles(hash, join(repoRoot, folder));
  await hashFiles(hash, join(repoRoot, 'packages'));
  for (const file of [...(await rootConfigFiles()), join('node_modules', '.package-lock.json')]) {
    hash.update(`${file}\0`).update(await readFile(join(repoRoot, file)));
  }
  const environment = buildEnvironment();
  for (const name of Object.keys(environment).filter(readByBuild).sort()) hash.update(`${name}=${environment[name]}\0`);
  return hash.digest('hex').slice(0, 32);
}

async function run(command: string, args: string[]): Promise<void> {
  const output: string[] = [];
  const exitCode = await new Promise<number | null>((resolveExit, reject) => {
    const child = spawn(command, args, { cwd: repoRoot, env: buildEnvironment(), stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.once('error', reject);
    child.once('exit', resolveExit);
  });
  if (exitCode !== 0) throw new Error(`\`${command} ${args.join(' ')}\` exited with ${exitCode}:\n${output.join('').slice(-3000)}`);
}

/** Keeps a finished build under its key: copied aside, then renamed into place, so a reader never sees half of it. */
async function keep(folder: string, key: string): Promise<void> {
  const folderCache = join(cacheRoot, folder);
  await mkdir(folderCache, { recursive: true });
  const partial = join(folderCache, `${key}.partial-${process.pid}`);
  await cp(join(repoRoot, folder, 'dist'), partial, { recursive: true });
  await rename(partial, join(folderCache, key)).catch(() => rm(partial, { recursive: true, force: true }));
  const names = (await readdir(folderCache)).filter((name) => !name.includes('.partial-'));
  const entries = await Promise.all(names.map(async (name) => ({ name, mtimeMs: (await stat(join(folderCache, name))).mtimeMs })));
  entries.sort((a, b) => b.mtimeMs - a.mtimeMs);
  for (const old of entries.slice(ENTRIES_KEPT)) await rm(join(folderCache, old.name), { recursive: true, force: true });
}

/** Puts the kept build of `key` in `<folder>/dist`; false when there is none. */
async function restore(folder: string, key: string): Promise<boolean> {
  const entry = join(cacheRoot, folder, key);
  if (!existsSync(entry)) return false;
  const dist = join(repoRoot, folder, 'dist');
  await rm(dist, { recursive: true, force: true });
  await cp(entry, dist, { recursive: true });
  // Used entries are the newest: the oldest go first (see keep).
  const now = new Date();
  await utimes(entry, now, now);
  return true;
}

async function buildOne(folder: string, log: (line: string) => void): Promise<void> {
  const key = await buildKey(folder);
  if (await restore(folder, key)) {
    log(`${folder}: the build of these sources, from ${join(cacheRoot, folder)}`);
    return;
  }
  if (existsSync(join(repoRoot, folder, 'dist', builtFile(folder)))) {
    // As the product's first start would: a build this command did not make cannot be known to
    // match the sources, so it is used as it is and not kept.
    log(`${folder}: its dist, built outside this command, as it is`);
    return;
  }
  const started = Date.now();
  await run('npm', ['run', 'build', '-w', folder]);
  await keep(folder, key);
  log(`${folder}: built in ${Math.round((Date.now() - started) / 1000)} s`);
}

/** Longer than building every front end takes: a lock this old was left by a killed run. */
const STALE_LOCK_MS = 15 * 60_000;

/**
 * Gives every front end the production build of the working tree's sources in its dist: restored
 * from the cache, or built (as many at a time as there are cores) and kept. A dist built otherwise
 * (`npm run build`, the product's first start) is left as it is when the cache has no build of
 * these sources.
 */
export async function buildFrontEnds(log: (line: string) => void = console.log): Promise<void> {
  // One build of this working tree at a time: the pipeline may start one early, and the e2e set-up then waits for it.
  const lock = join(tmpdir(), `tht-front-end-build-${createHash('sha256').update(repoRoot).digest('hex').slice(0, 12)}.lock`);
  await withDirectoryLock(lock, STALE_LOCK_MS, async () => {
    const queue = await frontEndFolders();
    const worker = async () => {
      for (let folder = queue.shift(); folder; folder = queue.shift()) await buildOne(folder, log);
    };
    await Promise.all(Array.from({ length: Math.min(availableParallelism(), queue.length) }, worker));
  });
}
