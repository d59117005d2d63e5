import { httpRequest } from './load';

/** The token a benchmark starts the product with, so that it may read `GET /api/metrics`. */
export const BENCH_METRICS_TOKEN = 'bench-metrics-token-0123456789abcdefghij';

type Lookups = Map<string, { hit: number; miss: number }>;

/** `cache_lookups_total` of the product's metrics, by cache. */
export async function cacheLookups(baseUrl: string): Promise<Lookups> {
  const { body } = await httpRequest(baseUrl, {
    path: '/api/metrics',
    headers: { authorization: `Bearer ${BENCH_METRICS_TOKEN}` },
  });
  const lookups: Lookups = new Map();
  for (const match of body.matchAll(/^cache_lookups_total\{cache="(\w+)",result="(hit|miss)"\} (\d+)$/gm)) {
    const counts = lookups.get(match[1]!) ?? { hit: 0, miss: 0 };
    counts[match[2] as 'hit' | 'miss'] = Number(match[3]);
    lookups.set(match[1]!, counts);
  }
  return lookups;
}

/** One line per read-model cache: its look-ups between `before` and `after` and the share answered from memory. */
export function formatHitRates(before: Lookups, after: Lookups): string[] {
  return [...after].map(([cache, { hit, miss }]) => {
    const hits = hit - (before.get(cache)?.hit ?? 0);
    const lookups = hits + miss - (before.get(cache)?.miss ?? 0);
    const rate = lookups === 0 ? 'no look-ups' : `${((100 * hits) / lookups).toFixed(2)}% hits`;
    return `  cache ${cache}: ${lookups} look-ups, ${rate}`;
  });
}
