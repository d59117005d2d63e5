import { execFile, spawn } from 'node:child_process';
import { chmod, stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { ClusterLog } from './cluster-log';

const run = promisify(execFile);

/** The unprivileged account PostgreSQL runs as when the product is started by root (PostgreSQL refuses to run as root). */
export interface SystemUser {
  name: string;
  uid: number;
  gid: number;
}

const POSTGRES_USER = 'postgres';

/** `uid`/`gid` for `spawn`: the system user's, or nothing (this process's own user). */
export function spawnIdentity(user: SystemUser | null): { uid?: number; gid?: number } {
  return user ? { uid: user.uid, gid: user.gid } : {};
}

/**
 * Who runs PostgreSQL: this process's own user, or, when that is root, the system user
 * `postgres` (created here when missing, as a system account without login or home).
 */
export async function postgresRunAs(): Promise<SystemUser | null> {
  if (process.getuid?.() !== 0) return null;
  const existing = await lookUpUser(POSTGRES_USER);
  if (existing) return existing;
  await createSystemUser(POSTGRES_USER);
  const created = await lookUpUser(POSTGRES_USER);
  if (!created) throw new Error(`the system user ${POSTGRES_USER} could not be found after creating it`);
  return created;
}

async function lookUpUser(name: string): Promise<SystemUser | null> {
  try {
    const [uid, gid] = await Promise.all([run('id', ['-u', name]), run('id', ['-g', name])]);
    return { name, uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
  } catch {
    return null;
  }
}

async function createSystemUser(name: string): Promise<void> {
  const common = ['--system', '--no-create-home', '--home-dir', '/nonexistent', '--shell', '/usr/sbin/nologin'];
  // A group of that name may exist already (then it becomes the user's group); another process may
  // create the user at the same moment (then the look-up afterwards finds it).
  const attempts = [
    [...common, '--user-group', name],
    [...common, '--gid', name, name],
  ];
  let lastError: unknown;
  for (const args of attempts) {
    try {
      await run('useradd', args);
      return;
    } catch (error) {
      lastError = error;
      if (await lookUpUser(name)) return;
    }
  }
  throw new Error(
    `PostgreSQL refuses to run as root, and the system user ${name} to run it as could not be created ` +
      `(${firstLine(lastError)}); create it (useradd --system --user-group ${name}) or start as an ordinary user`,
  );
}

/** Whether `user` can reach `target` (search every folder on the way; execute it when it is a file). */
export async function canReach(user: SystemUser, target: string): Promise<boolean> {
  return (await firstUnreachable(user, [target])) === null;
}

/**
 * Lets `user` reach `folder`, the product's own: it gets `o+x` when needed. Every folder on the
 * way that `user` may not enter gets traverse-only permission for it (an ACL entry `u:<user>:--x`
 * where `setfacl` exists, else `o+x`), each change logged with how to undo it. Listing and
 * reading stay as they were.
 */
export async function makeReachable(user: SystemUser, folder: string, log: ClusterLog): Promise<void> {
  const ancestors = pathFromRoot(folder);
  for (let step = 0; step <= ancestors.length; step++) {
    const blocking = await firstUnreachable(user, ancestors);
    if (blocking === null) return;
    if (blocking === ancestors.at(-1)) await addOthersTraverse(blocking);
    else await grantTraverse(user, blocking, folder, log);
  }
  throw new Error(`the system user ${user.name} that runs PostgreSQL still cannot reach ${folder}`);
}

async function addOthersTraverse(folder: string): Promise<number> {
  const { mode } = await stat(folder);
  await chmod(folder, mode | 0o001);
  return mode;
}

/** `/`, `/a`, `/a/b`, ... `folder`. */
function pathFromRoot(folder: string): string[] {
  const parts = path.resolve(folder).split(path.sep).filter(Boolean);
  return parts.map((_, index) => path.sep + parts.slice(0, index + 1).join(path.sep));
}

/** The first of `paths` (in order) that `user` cannot reach, or null. Checked by a shell running as that user. */
async function firstUnreachable(user: SystemUser, paths: string[]): Promise<string | null> {
  const script = 'for p in "$@"; do [ -x "$p" ] || { printf "%s" "$p"; exit 0; }; done';
  const child = spawn('/bin/sh', ['-c', script, 'sh', ...paths], {
    ...spawnIdentity(user),
    cwd: '/',
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', resolve);
  });
  if (code !== 0) throw new Error(`checking what the system user ${user.name} can reach failed (exit code ${code})`);
  return output === '' ? null : output;
}

async function grantTraverse(user: SystemUser, blocking: string, target: string, log: ClusterLog): Promise<void> {
  const why = `so that PostgreSQL, which runs as the system user ${user.name} because the product runs as root, can reach ${target}`;
  if (await grantTraverseAcl(user, blocking)) {
    log.warn(
      `Gave the system user ${user.name} traverse-only access (ACL u:${user.name}:--x) to ${blocking}, ${why}; ` +
        `undo: setfacl -x u:${user.name} ${blocking} (then set DATA_DIR to a folder outside it)`,
    );
    return;
  }
  let mode: number;
  try {
    mode = await addOthersTraverse(blocking);
  } catch (error) {
    throw new Error(
      `the system user ${user.name} that runs PostgreSQL cannot enter ${blocking}, and giving it ` +
        `traverse permission failed (${firstLine(error)}); set DATA_DIR to a folder outside ${blocking}`,
      { cause: error },
    );
  }
  log.warn(
    `Gave others traverse-only permission to ${blocking} (mode ${octal(mode)} -> ${octal(mode | 0o001)}; no listing or reading), ${why}; ` +
      `undo: chmod o-x ${blocking} (then set DATA_DIR to a folder outside it)`,
  );
}

/** True when the ACL entry was set; false where `setfacl` is missing or the file system has no ACLs. */
async function grantTraverseAcl(user: SystemUser, folder: string): Promise<boolean> {
  try {
    await run('setfacl', ['-m', `u:${user.name}:x`, folder]);
    return true;
  } catch {
    return false;
  }
}

const octal = (mode: number) => (mode & 0o777).toString(8).padStart(3, '0');

export function firstLine(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.trim().split('\n')[0] ?? '';
}
