import { spawn } from 'node:child_process';
import { freePort, repoRoot } from '../../e2e/src/support/product';
import { createLoadClient, measureLatency, type LatencySummary } from './load';

/**
 * The same closed loop as a benchmark's against a bare Express handler (own process, no sign-in,
 * no database) that sends a JSON body of `bytes`: what this machine allows any Node.js HTTP read,
 * for comparison. Warms up with 1,000 requests (or `requests`, if fewer) first.
 */
export async function measureFloor(bytes: number, clients: number, requests: number): Promise<LatencySummary> {
  const port = await freePort();
  const server = spawn(process.execPath, ['--import', 'tsx', 'bench/support/bare-express-server.ts', String(port), String(bytes)], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.stdout.once('data', () => resolve());
      server.once('exit', (code) => reject(new Error(`the bare Express server exited with ${code}`)));
    });
    const client = createLoadClient(`http://127.0.0.1:${port}`, clients);
    const sendOne = () => client.send('floor', '/floor').then(() => {});
    await measureLatency(clients, Math.min(1_000, requests), sendOne);
    const summary = await measureLatency(clients, requests, sendOne);
    client.close();
    return summary;
  } finally {
    server.kill();
  }
}
