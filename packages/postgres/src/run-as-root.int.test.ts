import { execFile } from 'node:child_process';
import { chmod, cp, mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { installedBinaries } from './binaries';
import type { ClusterLog } from './cluster-log';
import { launchCluster } from './embedded';
import { postgresRunAs } from './system-user';
import { SHARED_TEST_POSTGRES_ENV } from './testing';

// Started by root, PostgreSQL runs as the system user `postgres`, which cannot enter root's
// mode-700 home: these tests put the binaries, the data and the temporary folder in mode-700
// folders, as a clone in /root has them.

const run = promisify(execFile);
const PACKAGE_DIR = fileURLToPath(new URL('..', import.meta.url));
const TESTING_MODULE = fileURLToPath(new URL('./testing.ts', import.meta.url));
const isRoot = process.getuid?.() === 0;

const cleanUp: string[] = [];
afterAll(async () => {
  await Promise.all(cleanUp.map((dir) => rm(dir, { recursive: true, force: true })));
});

async function privateFolder(prefix: string): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), prefix));
  cleanUp.push(dir);
  await chmod(dir, 0o700);
  return dir;
}

if (!isRoot) {
  console.info('Embedded PostgreSQL as root skipped: this test process is not root (uid 0), so PostgreSQL runs as this user.');
  describe.skip('embedded PostgreSQL started by root (needs uid 0)', () => {
    it('runs from mode-700 folders', () => {});
  });
} else {
  describe('embedded PostgreSQL started by root', () => {
    it('runs with its binaries and its data in mode-700 folders: binaries copied once, traverse-only access to the data granted and logged', async () => {
      const home = await privateFolder('tht-root-home-');
      const installed = await installedBinaries();
      const privateBinaries = { nativeDir: path.join(home, 'node_modules', 'native'), name: installed.name };
      await mkdir(path.dirname(privateBinaries.nativeDir));
      await cp(installed.nativeDir, privateBinaries.nativeDir, { recursive: true, verbatimSymlinks: true });
      const copyRoot = await privateFolder('tht-binary-copies-');
      await chmod(copyRoot, 0o755);
      const dataHome = await privateFolder('tht-root-data-');
      const dataDir = path.join(dataHome, 'data');
      const lines: string[] = [];
      const log: ClusterLog = { debug: () => {}, info: (line) => lines.push(line), warn: (line) => lines.push(`warn ${line}`) };

      const cluster = await launchCluster({ dataDir, throwaway: false, binaries: { installed: privateBinaries, copyRoot }, log });
      try {
        const client = new pg.Client({ connectionString: cluster.adminUrl });
        await client.connect();
        const { rows } = await client.query('SHOW data_directory');
        await client.end();
        expect(rows).toEqual([{ data_directory: path.join(dataDir, 'pgdata') }]);
      } finally {
        await cluster.stop();
      }

      const copy = path.join(copyRoot, installed.name);
      expect(lines).toContain(
        `PostgreSQL binaries: ${copy} (the system user postgres that runs PostgreSQL cannot reach ${privateBinaries.nativeDir})`,
      );
      expect(lines.find((line) => line.startsWith('warn '))).toMatch(
        new RegExp(`^warn Gave .*traverse-only .* ${dataHome}\\b.*can reach ${dataDir}; undo: `),
      );
      // The binaries' folder was not opened up: they run from the copy.
      expect((await stat(home)).mode & 0o777).toBe(0o700);
      const user = (await postgresRunAs())!;
      expect((await stat(path.join(dataDir, 'pgdata'))).uid).toBe(user.uid);
    });

    it('gives the test helper its throw-away cluster when the temporary folder is mode 700', async () => {
      const tmp = await privateFolder('tht-root-tmp-');
      const script = [
        `const { createTestDatabase } = await import(${JSON.stringify(TESTING_MODULE)});`,
        'const database = await createTestDatabase();',
        "const { rows } = await database.pool.query('SELECT 41 + 1 AS answer');",
        'await database.drop();',
        'console.log(JSON.stringify(rows));',
      ].join('\n');
      const env: NodeJS.ProcessEnv = { ...process.env, TMPDIR: tmp };
      delete env.DATABASE_URL;
      delete env[SHARED_TEST_POSTGRES_ENV];
      const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
        cwd: PACKAGE_DIR,
        env,
      });
      expect(stdout.trim()).toBe('[{"answer":42}]');
      expect(stderr).toContain(`traverse-only`);
      expect(stderr).toContain(tmp);
    });
  });
}
