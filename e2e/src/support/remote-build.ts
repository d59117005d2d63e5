import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cp, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { repoRoot } from '@tht/test-kit';
import { withDirectoryLock } from './directory-lock';

/** sha256 of every file under `dir`, by path relative to it. */
export async function hashTree(dir: string): Promise<Map<string, string>> {
  const hashes = new Map<string, string>();
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = join(entry.parentPath, entry.name);
    hashes.set(
      relative(dir, file),
      createHash('sha256')
        .update(await readFile(file))
        .digest('hex'),
    );
  }
  return hashes;
}

export function distOf(folder: string): string {
  return join(repoRoot, folder, 'dist');
}

const STAMPED_CONFIG = join(import.meta.dirname, 'stamped-remote.webpack.cjs');

/**
 * Builds one remote alone, exactly as its team's `npm run build` does, plus a comment carrying
 * `stamp` in every JavaScript file: a new version whose files differ from the running one. The build
 * goes to a temporary folder (returned), so the working tree is untouched until it is deployed.
 */
export async function buildRemoteWithStamp(folder: string, stamp: string): Promise<string> {
  const remoteDir = join(repoRoot, folder);
  const outputDir = await mkdtemp(join(tmpdir(), `tht-${folder}-stamped-`));
  const webpackCli = createRequire(join(remoteDir, 'package.json')).resolve('webpack-cli/bin/cli.js');
  const output: string[] = [];
  const exitCode = await new Promise<number | null>((resolveExit, reject) => {
    const child = spawn(process.execPath, [webpackCli, '--config', STAMPED_CONFIG, '--mode', 'production'], {
      cwd: remoteDir,
      env: { ...process.env, REMOTE_DIR: remoteDir, BUILD_STAMP: stamp, OUTPUT_DIR: outputDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.once('error', reject);
    child.once('exit', resolveExit);
  });
  if (exitCode !== 0) {
    await rm(outputDir, { recursive: true, force: true });
    throw new Error(`The stamped build of ${folder} failed (${exitCode}):\n${output.join('').slice(-3000)}`);
  }
  return outputDir;
}

/** Publishes a build as `<folder>/dist`, the folder the running product serves the remote from. */
export async function deployDist(folder: string, buildDir: string): Promise<void> {
  await rm(distOf(folder), { recursive: true, force: true });
  await cp(buildDir, distOf(folder), { recursive: true });
}

/** Longer than any deployment test takes: a lock this old was left by a run that was killed. */
const STALE_LOCK_MS = 10 * 60_000;

/**
 * Runs `redeploy` (which may replace `<folder>/dist`), then puts the original build back byte for
 * byte, so the test leaves the working tree as it found it.
 */
export async function withDistRestored<T>(folder: string, redeploy: () => Promise<T>): Promise<T> {
  return withDirectoryLock(join(tmpdir(), `tht-e2e-deploy-${folder}.lock`), STALE_LOCK_MS, async () => {
    const dist = distOf(folder);
    const backup = await mkdtemp(join(tmpdir(), `tht-${folder}-dist-`));
    await cp(dist, backup, { recursive: true, preserveTimestamps: true });
    try {
      return await redeploy();
    } finally {
      await rm(dist, { recursive: true, force: true });
      await cp(backup, dist, { recursive: true, preserveTimestamps: true });
      await rm(backup, { recursive: true, force: true });
    }
  });
}
