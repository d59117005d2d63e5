import { availableParallelism, loadavg } from 'node:os';

/**
 * A result row of the table `npm run bench` prints at the end: each script prints its rows as
 * `BENCH_ROW {json}` lines, which `bench/run.ts` collects.
 */
export interface BenchRow {
  request: string;
  /** Concurrent connections (null: not a load of requests, e.g. a rebuild). */
  clients: number | null;
  /** Requests (or, with `unit`, units) per second of the product. */
  perSecond: number;
  unit?: string;
  p50Ms: number | null;
  p95Ms: number | null;
  /** The same measured on the row's floor or baseline, in the same run (null: none). */
  floorPerSecond: number | null;
  /** perSecond / floorPerSecond. */
  ratio: number | null;
  /** What the row must reach, e.g. '>= 0.6' (of the floor); null for a reference row. */
  target: string | null;
  met: boolean | null;
  note?: string;
}

export const ROW_PREFIX = 'BENCH_ROW ';

const number = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 });
const ms = (value: number | null) => (value === null ? '-' : value.toFixed(1));

/** The row's cells: request, clients, per second, p50, p95, floor per second, ratio, target, met. */
export function rowCells(row: BenchRow): string[] {
  const unit = row.unit ? ` ${row.unit}` : '';
  return [
    row.request + (row.note ? ` (${row.note})` : ''),
    row.clients === null ? '-' : String(row.clients),
    row.perSecond > 0 ? number.format(row.perSecond) + unit : '-',
    ms(row.p50Ms),
    ms(row.p95Ms),
    row.floorPerSecond === null ? '-' : number.format(row.floorPerSecond) + unit,
    row.ratio === null ? '-' : row.ratio.toFixed(2),
    row.target ?? 'reference',
    row.met === null ? '-' : row.met ? 'yes' : 'NO',
  ];
}

export const TABLE_HEADER = ['request', 'clients', 'per s', 'p50 ms', 'p95 ms', 'floor per s', 'ratio', 'target', 'met?'];

/** Prints the row for a reader and, on its own line, for `bench/run.ts`. */
export function emitRow(row: BenchRow): void {
  const cells = rowCells(row);
  console.log(
    `  ${cells[0]}, ${cells[1]} clients: ${cells[2]}/s, p50 ${cells[3]} ms, p95 ${cells[4]} ms; floor ${cells[5]}/s; ratio ${cells[6]} (target ${cells[7]}: ${cells[8]})`,
  );
  console.log(ROW_PREFIX + JSON.stringify(row));
}

/** A row comparing a product's figures with a floor's: `target` is the least ratio (null: reference). */
export function ratioRow(
  request: string,
  clients: number,
  product: { requestsPerSecond: number; p50Ms: number; p95Ms: number },
  floorPerSecond: number,
  target: number | null,
): BenchRow {
  const ratio = product.requestsPerSecond / floorPerSecond;
  return {
    request,
    clients,
    perSecond: product.requestsPerSecond,
    p50Ms: product.p50Ms,
    p95Ms: product.p95Ms,
    floorPerSecond,
    ratio,
    target: target === null ? null : `>= ${target}`,
    met: target === null ? null : ratio >= target,
  };
}

/** A load's figures shown for reference: no floor and no target. */
export function referenceRow(
  request: string,
  clients: number,
  measured: { requestsPerSecond: number; p50Ms: number; p95Ms: number },
): BenchRow {
  return {
    request,
    clients,
    perSecond: measured.requestsPerSecond,
    p50Ms: measured.p50Ms,
    p95Ms: measured.p95Ms,
    floorPerSecond: null,
    ratio: null,
    target: null,
    met: null,
  };
}

/** '2 CPU cores, load average 1.3 over the last minute': figures taken on a busy machine are not comparable. */
export function loadAverageText(): string {
  return `${availableParallelism()} CPU cores, load average ${loadavg()[0]!.toFixed(1)} over the last minute`;
}

/** 'median 12.3 ms, max 45.6 ms' of some timings in milliseconds. */
export function medianAndMax(timings: readonly number[]): string {
  const sorted = [...timings].sort((a, b) => a - b);
  return `median ${sorted[Math.floor(sorted.length / 2)]!.toFixed(1)} ms, max ${sorted.at(-1)!.toFixed(1)} ms`;
}

/** A row of a one-off piece of work: its rate in `unit`s per second, its time in the note. */
export function timedRow(
  request: string,
  count: number,
  unit: string,
  seconds: number,
  target: string | null,
  met: boolean | null,
  note = '',
): BenchRow {
  return {
    request,
    clients: null,
    perSecond: count / seconds,
    unit,
    p50Ms: null,
    p95Ms: null,
    floorPerSecond: null,
    ratio: null,
    target,
    met,
    note: `${seconds.toFixed(1)} s${note ? `, ${note}` : ''}`,
  };
}
