import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildMissingFrontEnds } from './front-end-build';
import type { Logger } from './logger';
import { REMOTES } from './remotes';

const FOLDERS = ['shell', ...REMOTES.map((remote) => remote.folder)];

function recordingLogger(lines: string[]): Logger {
  const record = (message: string) => void lines.push(message);
  return { debug: record, info: record, warn: record, error: record };
}

/**
 * A throw-away npm workspace root whose front ends "build" by writing their dist and appending
 * their name to build-log.txt, so the test sees which `npm run build -w ...` ran.
 */
async function workspaceRoot(options: { built: string[]; withoutSource?: string[]; failing?: string[] }): Promise<string> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'tht-front-end-build-'));
  await writeFile(path.join(root, 'package.json'), JSON.stringify({ name: 'root', private: true, workspaces: FOLDERS }));
  for (const folder of FOLDERS) {
    const builtFile = folder === 'shell' ? 'index.html' : 'mf-manifest.json';
    const script = options.failing?.includes(folder)
      ? 'node -e "process.exit(3)"'
      : `node -e "require('fs').mkdirSync('dist',{recursive:true});require('fs').writeFileSync('dist/${builtFile}','x');require('fs').appendFileSync('../build-log.txt','${folder}\\n')"`;
    await mkdir(path.join(root, folder), { recursive: true });
    await writeFile(path.join(root, folder, 'package.json'), JSON.stringify({ name: folder, scripts: { build: script } }));
    if (!options.withoutSource?.includes(folder)) await writeFile(path.join(root, folder, 'webpack.config.js'), '');
    if (options.built.includes(folder)) {
      await mkdir(path.join(root, folder, 'dist'), { recursive: true });
      await writeFile(path.join(root, folder, 'dist', builtFile), 'built before');
    }
  }
  return root;
}

async function buildLog(root: string): Promise<string[]> {
  const file = path.join(root, 'build-log.txt');
  return existsSync(file) ? (await readFile(file, 'utf8')).trim().split('\n') : [];
}

describe('buildMissingFrontEnds', () => {
  it('builds only the front ends whose dist is missing', async () => {
    const root = await workspaceRoot({ built: ['mf-employee', 'mf-manager', 'mf-smt'] });
    const lines: string[] = [];
    await buildMissingFrontEnds(root, recordingLogger(lines));

    expect((await buildLog(root)).sort()).toEqual(['mf-admin', 'mf-hr', 'shell']);
    expect(lines).toContain('Building front ends (first start only): shell, mf-hr, mf-admin');
    expect(await readFile(path.join(root, 'mf-employee', 'dist', 'mf-manifest.json'), 'utf8')).toBe('built before');
  });

  it('does nothing when everything is built', async () => {
    const root = await workspaceRoot({ built: FOLDERS });
    await buildMissingFrontEnds(root, recordingLogger([]));
    expect(await buildLog(root)).toEqual([]);
  });

  it('leaves front ends without source alone (a server-only installation) and says so', async () => {
    const root = await workspaceRoot({ built: [], withoutSource: FOLDERS.filter((folder) => folder !== 'mf-hr') });
    const lines: string[] = [];
    await buildMissingFrontEnds(root, recordingLogger(lines));
    expect(await buildLog(root)).toEqual(['mf-hr']);
    expect(lines[0]).toBe(
      'Not built and no source here, so not served by this process: shell, mf-employee, mf-manager, mf-smt, mf-admin',
    );
  });

  it('fails start-up with the command that failed', async () => {
    const root = await workspaceRoot({ built: FOLDERS.filter((folder) => folder !== 'mf-smt'), failing: ['mf-smt'] });
    await expect(buildMissingFrontEnds(root, recordingLogger([]))).rejects.toThrow(
      'Building the front ends failed: `npm run build -w mf-smt` exited with 3',
    );
  });
});
