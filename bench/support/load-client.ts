/**
 * The load generator's own process: autocannon (programmatic API, keep-alive connections, closed
 * loop: each connection sends its next request when the previous one is answered), driven over IPC
 * by `load.ts`. Each order is answered with every response's latency and status, and the time
 * from the start to the last response.
 */
import { createRequire } from 'node:module';
import type { LoadOrder, LoadReport, LoadRequest } from './load';

interface AutocannonOptions {
  url: string;
  connections: number;
  amount: number;
  timeout: number;
  sampleInt: number;
  requests: Array<{ setupRequest: (request: object) => object }>;
}
interface AutocannonInstance {
  on(event: 'response', listener: (client: unknown, status: number, bytes: number, ms: number) => void): void;
  on(event: 'reqError', listener: (error: Error) => void): void;
}
type Autocannon = (options: AutocannonOptions, done: (error: Error | null) => void) => AutocannonInstance;

const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

function run({ url, connections, amount, requests }: LoadOrder): Promise<LoadReport> {
  let next = 0;
  const takeNext = (): LoadRequest => requests[next++ % requests.length]!;
  const latenciesMs: number[] = [];
  const statuses: Record<string, number> = {};
  const errors: string[] = [];
  const started = performance.now();
  let lastResponseAt = started;
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        connections,
        amount,
        timeout: 60,
        // The run ends at the first sample tick after the last response: tick often.
        sampleInt: 50,
        // The connections share one sequence of requests (a connection's own list would repeat the same ones).
        requests: [{ setupRequest: (request) => ({ ...request, ...takeNext() }) }],
      },
      (error) => {
        if (error) return reject(error);
        resolve({ latenciesMs, statuses, seconds: (lastResponseAt - started) / 1000, errors: errors.slice(0, 5) });
      },
    );
    instance.on('response', (_client, status, _bytes, ms) => {
      lastResponseAt = performance.now();
      latenciesMs.push(ms);
      statuses[status] = (statuses[status] ?? 0) + 1;
    });
    instance.on('reqError', (error) => errors.push(error.message));
  });
}

process.on('message', (order: LoadOrder) => {
  run(order).then(
    (report) => process.send!({ report }),
    (error: unknown) => process.send!({ error: error instanceof Error ? error.message : String(error) }),
  );
});
