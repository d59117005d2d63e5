import { formatLatency, measureLatency, type createLoadClient, type LatencySummary } from './load';

type LoadClient = ReturnType<typeof createLoadClient>;

export interface ThroughputRun {
  label: string;
  /** The next request's path (it may vary, e.g. by year). */
  path: () => string;
  headers: Record<string, string>;
  clients: number;
  requests: number;
}

/** A closed loop of `requests` reads by `clients` workers after a warm-up of up to 1,000; prints and returns the figures. */
export async function measureThroughput(
  client: LoadClient,
  { label, path, headers, clients, requests }: ThroughputRun,
): Promise<LatencySummary> {
  const sendOne = () => client.send(label, path(), { headers }).then(() => {});
  await measureLatency(clients, Math.min(1_000, requests), sendOne);
  const measured = await measureLatency(clients, requests, sendOne);
  console.log(formatLatency(`  ${label}, ${clients} clients`, measured));
  return measured;
}

/** 'median 12.3 ms, max 45.6 ms' of some timings in milliseconds. */
export function medianAndMax(timings: readonly number[]): string {
  const sorted = [...timings].sort((a, b) => a - b);
  return `median ${sorted[Math.floor(sorted.length / 2)]!.toFixed(1)} ms, max ${sorted.at(-1)!.toFixed(1)} ms`;
}
