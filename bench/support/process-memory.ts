import { readdir, readFile, readlink } from 'node:fs/promises';

/**
 * The resident memory of a server process, for benchmarks that report how much a request makes it
 * grow. Linux only (/proc).
 */

/** The id of the process listening on TCP `port` on this machine (the API, behind `npm start`). */
export async function pidListeningOn(port: number): Promise<number> {
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  const inodes = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    const lines = (await readFile(table, 'utf8').catch(() => '')).split('\n').slice(1);
    for (const line of lines) {
      const fields = line.trim().split(/\s+/);
      // local_address is HEXIP:HEXPORT; state 0A is LISTEN; the inode is the 10th field.
      if (fields[1]?.endsWith(`:${hexPort}`) && fields[3] === '0A') inodes.add(fields[9]!);
    }
  }
  for (const pid of await readdir('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    const descriptors = await readdir(`/proc/${pid}/fd`).catch(() => []);
    for (const fd of descriptors) {
      const target = await readlink(`/proc/${pid}/fd/${fd}`).catch(() => '');
      const inode = /^socket:\[(\d+)\]$/.exec(target)?.[1];
      if (inode && inodes.has(inode)) return Number(pid);
    }
  }
  throw new Error(`no process listens on port ${port}`);
}

/** The resident set size of `pid` in MB. */
export async function residentMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1]);
  return kb / 1024;
}

/**
 * Runs `work` while sampling the process's resident memory every `intervalMs`; returns its result
 * with the memory before and the peak seen during it.
 */
export async function withPeakMemory<Result>(
  pid: number,
  work: () => Promise<Result>,
  intervalMs = 20,
): Promise<{ result: Result; beforeMb: number; peakMb: number }> {
  const beforeMb = await residentMb(pid);
  let peakMb = beforeMb;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      peakMb = Math.max(peakMb, await residentMb(pid));
      await new Promise((resolve) => setTimeout(resolve, intervalMs));
    }
  })();
  try {
    const result = await work();
    return { result, beforeMb, peakMb: Math.max(peakMb, await residentMb(pid)) };
  } finally {
    sampling = false;
    await sampler;
  }
}
