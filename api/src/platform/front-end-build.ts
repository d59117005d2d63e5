import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { distDir } from './front-end';
import type { Logger } from './logger';
import { REMOTES } from './remotes';

/** The file whose presence means a front end's build is complete. */
const FRONT_ENDS = [
  { folder: 'shell', builtFile: 'index.html' },
  ...REMOTES.map((remote) => ({ folder: remote.folder, builtFile: 'mf-manifest.json' })),
];

function unbuiltFrontEnds(frontEndRoot: string): string[] {
  return FRONT_ENDS.filter(({ folder, builtFile }) => !existsSync(path.join(distDir(frontEndRoot, folder), builtFile))).map(
    ({ folder }) => folder,
  );
}

function hasSource(frontEndRoot: string, folder: string): boolean {
  return existsSync(path.join(frontEndRoot, folder, 'webpack.config.js'));
}

/**
 * Builds the front ends whose dist is missing (a fresh checkout), with webpack's output shown.
 * Built ones are left alone: rebuilding is `npm run build`. A server-only installation (the API
 * image) has no front-end sources; it serves the API and leaves the front ends to their own services.
 */
export async function buildMissingFrontEnds(frontEndRoot: string, log: Logger, signal?: AbortSignal): Promise<void> {
  const unbuilt = unbuiltFrontEnds(frontEndRoot);
  const withoutSource = unbuilt.filter((folder) => !hasSource(frontEndRoot, folder));
  if (withoutSource.length > 0)
    log.info(`Not built and no source here, so not served by this process: ${withoutSource.join(', ')}`);
  const missing = unbuilt.filter((folder) => hasSource(frontEndRoot, folder));
  if (missing.length === 0) return;
  log.info(`Building front ends (first start only): ${missing.join(', ')}`);
  const args = ['run', 'build', ...missing.flatMap((folder) => ['-w', folder])];
  const exitCode = await new Promise<number | null>((resolve, reject) => {
    const child = spawn('npm', args, { cwd: frontEndRoot, stdio: ['ignore', 'inherit', 'inherit'], signal });
    child.once('error', reject);
    child.once('exit', resolve);
  });
  if (exitCode !== 0) throw new Error(`Building the front ends failed: \`npm ${args.join(' ')}\` exited with ${exitCode}`);
}
