import http from 'node:http';

/** Closed-loop load: `clients` concurrent workers each send requests until `total` are done. */
export interface LatencySummary {
  requests: number;
  p50Ms: number;
  p95Ms: number;
  requestsPerSecond: number;
}

export async function measureLatency(
  clients: number,
  total: number,
  sendOne: (index: number) => Promise<void>,
): Promise<LatencySummary> {
  const durations: number[] = [];
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < total) {
      const index = next++;
      const t0 = performance.now();
      await sendOne(index);
      durations.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: clients }, worker));
  const elapsedSeconds = (performance.now() - started) / 1000;
  durations.sort((a, b) => a - b);
  return {
    requests: durations.length,
    p50Ms: percentile(durations, 0.5),
    p95Ms: percentile(durations, 0.95),
    requestsPerSecond: durations.length / elapsedSeconds,
  };
}

function percentile(sorted: number[], share: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1);
  return sorted[index]!;
}

export function formatLatency(label: string, summary: LatencySummary): string {
  return `${label}: p50 ${summary.p50Ms.toFixed(1)} ms, p95 ${summary.p95Ms.toFixed(1)} ms (${summary.requests} requests, ${summary.requestsPerSecond.toFixed(0)} req/s)`;
}

/**
 * The load generator's HTTP client: node:http over kept-alive connections, one per client. It
 * shares the two cores with the server and PostgreSQL, and `fetch` (undici with web streams) costs
 * it two to three times the CPU per request, which the server's figures would then pay for.
 */
export function createLoadClient(baseUrl: string, clients: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: clients });
  /** Sends one request and reads the whole answer; throws on a non-2xx status. */
  function send(
    what: string,
    path: string,
    options: { method?: string; headers?: Record<string, string>; body?: string } = {},
  ): Promise<string> {
    return new Promise((resolve, reject) => {
      const request = http.request(
        `${baseUrl}${path}`,
        { agent, method: options.method ?? 'GET', headers: options.headers },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('error', reject);
          response.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            const status = response.statusCode ?? 0;
            if (status < 200 || status > 299) reject(new Error(`${what} answered ${status}: ${text}`));
            else resolve(text);
          });
        },
      );
      request.on('error', reject);
      request.end(options.body);
    });
  }
  return { send, close: () => agent.destroy() };
}
