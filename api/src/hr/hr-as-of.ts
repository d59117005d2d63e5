import { parseArgs } from 'node:util';
import { parseAsOfMoment, type AsOfMoment, type HrStats } from '@tht/contracts';
import type { EventStore } from '@tht/eventstore';
import type pg from 'pg';
import { asOfSchema, CliError, replayAside, type RebuildProgress, type ReplayAsideResult, type ReplayCut } from 'projections';
import { hrStats } from './hr-queries';

/**
 * The organisation as of a date (`npm run replay`): the event log replayed up to a cut into a
 * schema of its own, and the HR dashboard's figures read from it by the same queries as
 * GET /api/hr/stats.
 */
export interface AsOfRequest {
  until: ReplayCut;
  /** How the cut reads to a person: `the end of 2026-06-30 (UTC)`, `log position ...`. */
  label: string;
  /** The year asked for with `--year`; else the cut's year (for a position: the last event's). */
  year: number | null;
}

const USAGE = 'Usage: npm run replay -- --as-of <2026-06-30 | 2026-06-30T14:00:00Z> | --position <log position> [--year 2026]';

const POSITION = /^(\d{1,20})-(\d{1,20})$/;

/** A date is its whole day (UTC); a time without a zone is UTC (as `?asOf=` reads it). */
function parseTime(text: string): AsOfMoment {
  const moment = parseAsOfMoment(text);
  if (!moment) throw new CliError(`--as-of ${text}: not a date (2026-06-30) or a time (2026-06-30T14:00:00Z)\n${USAGE}`);
  return moment;
}

/** A global position as `npm run verify` and GET /api/audit/head print it (leading zeros may be left out). */
function parsePosition(text: string): string {
  const match = POSITION.exec(text);
  if (!match)
    throw new CliError(`--position ${text}: not a log position such as 00000000000000000812-00000000000000000003\n${USAGE}`);
  return `${match[1]!.padStart(20, '0')}-${match[2]!.padStart(20, '0')}`;
}

export function parseAsOfArguments(args: readonly string[]): AsOfRequest {
  let values: { 'as-of'?: string; position?: string; year?: string };
  try {
    ({ values } = parseArgs({
      args: [...args],
      options: { 'as-of': { type: 'string' }, position: { type: 'string' }, year: { type: 'string' } },
      strict: true,
    }));
  } catch (error) {
    throw new CliError(`${(error as Error).message}\n${USAGE}`);
  }
  const asOf = values['as-of'];
  if ((asOf === undefined) === (values.position === undefined)) throw new CliError(`Give either --as-of or --position\n${USAGE}`);
  if (values.year !== undefined && !/^\d{4}$/.test(values.year)) throw new CliError(`--year ${values.year}: not a year\n${USAGE}`);
  const year = values.year === undefined ? null : Number(values.year);
  if (asOf !== undefined) {
    const { recordedBy, label } = parseTime(asOf);
    return { until: { recordedBy }, label, year };
  }
  const position = parsePosition(values.position!);
  return { until: { position }, label: `log position ${position}`, year };
}

export interface HrStatsAsOf {
  replay: ReplayAsideResult;
  stats: HrStats;
  /** The moment the figures are as of: the cut's time, or for a position the last event's. */
  asOf: Date;
}

/** Replays the log up to the cut into its own schema (kept) and reads the HR figures of the year from it. */
export async function hrStatsAsOf(
  { pool, store }: { pool: pg.Pool; store: EventStore },
  { until, year }: AsOfRequest,
  onProgress?: (progress: RebuildProgress) => void,
): Promise<HrStatsAsOf> {
  const replay = await replayAside({ pool, store, until, schema: asOfSchema(until), onProgress });
  const asOf = 'recordedBy' in until ? until.recordedBy : replay.lastRecordedAt ? new Date(replay.lastRecordedAt) : new Date();
  const stats = await hrStats(pool, year ?? asOf.getUTCFullYear(), asOf, replay.schema);
  return { replay, stats, asOf };
}

const number = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 2 });

/** What `npm run replay` prints. */
export function describeHrStatsAsOf({ replay, stats }: HrStatsAsOf, label: string): string {
  const figures: [string, number][] = [
    ['Total users', stats.totalUsers],
    ['Total hours', stats.totalHours],
    ['Completed training', stats.completedTraining],
    ['Innovative entries', stats.innovativeEntries],
  ];
  const upTo = replay.lastPosition ? `, up to log position ${replay.lastPosition}` : '';
  const from = replay.snapshot ? ` after the snapshot at log position ${replay.snapshot}` : '';
  return [
    `The organisation as of ${label}: ${number.format(replay.events)} events${from}${upTo}`,
    `HR figures of ${stats.year}:`,
    ...figures.map(([name, value]) => `  ${name.padEnd(20)}${number.format(value)}`),
    `Read models kept in schema ${replay.schema} (drop with: DROP SCHEMA ${replay.schema} CASCADE)`,
  ].join('\n');
}
