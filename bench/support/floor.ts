import { spawn, type ChildProcess } from 'node:child_process';
import { freePort, repoRoot } from '@tht/test-kit';

export interface FloorServer {
  baseUrl: string;
  /** Its process's id (for its CPU time). */
  pid: number;
  /** The path of a body of `bytes`, with a padding header of `padding` characters. */
  pathFor(bytes: number, padding?: number): string;
  stop(): void;
}

/** Starts a bare-Express server in its own process; resolves once it answers. */
export async function spawnServer(
  script: string,
  args: readonly string[],
  env: Record<string, string> = {},
): Promise<ChildProcess> {
  const server = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, ...env },
  });
  await new Promise<void>((resolve, reject) => {
    server.stdout.once('data', () => resolve());
    server.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
  return server;
}

/**
 * The machine's floor for a read (see `bare-express-server.ts`): a bare Express handler in its own
 * process, started once per benchmark and measured right after each product read it is set
 * against, by the same load generator.
 */
export async function startFloorServer(): Promise<FloorServer> {
  const port = await freePort();
  const server = await spawnServer('bench/support/bare-express-server.ts', [String(port)]);
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    pid: server.pid!,
    pathFor: (bytes, padding = 0) => `/floor/${Math.round(bytes)}/${Math.round(padding)}`,
    stop: () => server.kill(),
  };
}
