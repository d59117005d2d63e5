import { httpRequest } from './load';

/** The token a benchmark starts the product with, so that it may read `GET /api/metrics`. */
export const BENCH_METRICS_TOKEN = 'bench-metrics-token-0123456789abcdefghij';

type Lookups = Map<string, { hit: number; miss: number }>;

/** What the product's metrics say at one moment: cache look-ups, its process's CPU time and the `/api` requests it answered. */
export interface ProductFigures {
  lookups: Lookups;
  cpuSeconds: number;
  requests: number;
}

const sumOf = (text: string, pattern: RegExp) => [...text.matchAll(pattern)].reduce((sum, match) => sum + Number(match[1]), 0);

/** `cache_lookups_total` of the product's metrics text, by cache. */
function cacheLookups(text: string): Lookups {
  const lookups: Lookups = new Map();
  for (const match of text.matchAll(/^cache_lookups_total\{cache="(\w+)",result="(hit|miss)"\} (\d+)$/gm)) {
    const counts = lookups.get(match[1]!) ?? { hit: 0, miss: 0 };
    counts[match[2] as 'hit' | 'miss'] = Number(match[3]);
    lookups.set(match[1]!, counts);
  }
  return lookups;
}

/** The product's figures now, from `GET /api/metrics`. */
export async function productFigures(baseUrl: string): Promise<ProductFigures> {
  const headers = { authorization: `Bearer ${BENCH_METRICS_TOKEN}` };
  const { body } = await httpRequest(baseUrl, { path: '/api/metrics', headers });
  return {
    lookups: cacheLookups(body),
    cpuSeconds: sumOf(body, /^process_cpu_seconds_total ([\d.e+-]+)$/gm),
    requests: sumOf(body, /^http_request_duration_seconds_count\{[^}]*\} (\d+)$/gm),
  };
}

/**
 * The product's CPU time per `/api` request between `before` and `after` (warm-ups and repeat reads
 * included): unlike req/s, barely moved by what else runs on the machine, so a change shows on a
 * busy one too.
 */
export function formatCpuPerRequest(before: ProductFigures, after: ProductFigures): string {
  const requests = after.requests - before.requests;
  const microseconds = (1e6 * (after.cpuSeconds - before.cpuSeconds)) / requests;
  return `  the product's CPU per /api request: ${microseconds.toFixed(0)} µs over ${requests} requests (user and system)`;
}

/** One line per read-model cache: its look-ups between `before` and `after` and the share answered from memory. */
export function formatHitRates({ lookups: before }: ProductFigures, { lookups: after }: ProductFigures): string[] {
  return [...after].map(([cache, { hit, miss }]) => {
    const hits = hit - (before.get(cache)?.hit ?? 0);
    const lookups = hits + miss - (before.get(cache)?.miss ?? 0);
    const rate = lookups === 0 ? 'no look-ups' : `${((100 * hits) / lookups).toFixed(2)}% hits`;
    return `  cache ${cache}: ${lookups} look-ups, ${rate}`;
  });
}
