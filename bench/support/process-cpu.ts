import { readFile } from 'node:fs/promises';
import { pidListeningOn } from './process-memory';

/** Clock ticks per second of /proc's times (Linux's USER_HZ). */
const TICKS_PER_SECOND = 100;

/**
 * The CPU time process `pid` has used so far (user and system, every thread), in seconds, from
 * /proc/<pid>/stat: what a request costs the server whatever else keeps the machine busy. Linux only.
 */
export async function cpuSecondsOf(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  // The fields after the command name (which may hold spaces and brackets) start with the 3rd; utime and stime are the 14th and 15th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

/** The process serving `baseUrl` when it runs on this machine (its CPU time can be read), else null. */
export async function localServerPid(baseUrl: string): Promise<number | null> {
  const { hostname, port } = new URL(baseUrl);
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(hostname)) return null;
  return pidListeningOn(Number(port)).catch(() => null);
}
