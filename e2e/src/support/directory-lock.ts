import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** Whether the process that wrote `lock`'s owner file has ended (a killed run leaves its lock behind). */
async function ownerEnded(lock: string): Promise<boolean> {
  const owner = Number(await readFile(join(lock, 'owner'), 'utf8').catch(() => ''));
  if (!owner) return false;
  try {
    process.kill(owner, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/**
 * Runs `work` holding a machine-wide lock: a directory at `lock`, created atomically, naming its
 * owner process. The lock of an ended process, or one older than `staleMs`, is taken over; waiting
 * longer than that fails.
 */
export async function withDirectoryLock<T>(lock: string, staleMs: number, work: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + staleMs;
  for (;;) {
    try {
      await mkdir(lock);
      await writeFile(join(lock, 'owner'), String(process.pid));
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const age = Date.now() - (await stat(lock).catch(() => ({ mtimeMs: Date.now() }))).mtimeMs;
      if (age > staleMs || (await ownerEnded(lock))) await rm(lock, { recursive: true, force: true });
      else if (Date.now() > deadline) throw new Error(`${lock} is held by another process`, { cause: error });
      else await new Promise((resolveWait) => setTimeout(resolveWait, 500));
    }
  }
  try {
    return await work();
  } finally {
    await rm(lock, { recursive: true, force: true });
  }
}
