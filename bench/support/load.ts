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

/** Fails the request loudly: a benchmark that silently measures error responses is worthless. */
export async function expectOk(response: Response, what: string): Promise<void> {
  if (!response.ok) throw new Error(`${what} answered ${response.status}: ${await response.text()}`);
  await response.arrayBuffer();
}
