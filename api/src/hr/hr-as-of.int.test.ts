import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { HrStats } from '@tht/contracts';
import type { EventStore } from '@tht/eventstore';
import type { TestDatabase } from '@tht/postgres/testing';
import { allProjectors } from 'projections';
import { startLiveReadModels, type LiveReadModels } from 'projections/testing/live-read-models';
import { readModelSnapshot } from 'projections/testing/read-model-snapshot';
import { appendHistory, sampleHistory } from 'projections/testing/append-history';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeHrStatsAsOf, hrStatsAsOf, parseAsOfArguments } from './hr-as-of';
import { hrStats } from './hr-queries';

const CLI = fileURLToPath(new URL('./hr-replay-cli.ts', import.meta.url));
const TSX = fileURLToPath(new URL('../../../node_modules/.bin/tsx', import.meta.url));

describe('parseAsOfArguments', () => {
  it('reads a date as its whole UTC day, a time without a zone as UTC, and a log position as the store writes it', () => {
    expect(parseAsOfArguments(['--as-of', '2026-06-30'])).toEqual({
      until: { recordedBy: new Date('2026-06-30T23:59:59.999Z') },
      label: 'the end of 2026-06-30 (UTC)',
      year: null,
    });
    expect(parseAsOfArguments(['--as-of', '2026-06-30T14:00', '--year', '2025'])).toMatchObject({
      until: { recordedBy: new Date('2026-06-30T14:00:00.000Z') },
      year: 2025,
    });
    expect(parseAsOfArguments(['--as-of', '2026-06-30T14:00:00+02:00']).until).toEqual({
      recordedBy: new Date('2026-06-30T12:00:00.000Z'),
    });
    expect(parseAsOfArguments(['--position', '812-3']).until).toEqual({
      position: '00000000000000000812-00000000000000000003',
    });
  });

  it('refuses what is not one cut, with the usage', () => {
    for (const args of [
      [],
      ['--as-of', '2026-06-30', '--position', '1-1'],
      ['--as-of', '2026-02-30'],
      ['--as-of', '2026-13-01'],
      ['--as-of', 'yesterday'],
      ['--position', '812'],
      ['--as-of', '2026-06-30', '--year', '26'],
      ['--as-at', '2026-06-30'],
    ]) {
      expect(() => parseAsOfArguments(args), args.join(' ')).toThrow(/Usage: npm run replay -- --as-of/);
    }
  });
});

describe('npm run replay: the HR figures as of a date', () => {
  const { appends: history, timeOf } = sampleHistory();
  /** Appends are a minute apart from 5 January 08:00: the 960th is the first of 6 January. */
  const FIRST_AFTER_CUT = 960;
  const END_OF_5_JANUARY = new Date('2026-01-05T23:59:59.999Z');
  let liveReadModels: LiveReadModels;
  let database: TestDatabase;
  let store: EventStore;
  /** What GET /api/hr/stats answered on 5 January, when the log ended there. */
  let statsThen: HrStats;

  beforeAll(async () => {
    liveReadModels = await startLiveReadModels(allProjectors, 1000);
    ({ database, store } = liveReadModels);
    const { waiter } = liveReadModels;

    expect(timeOf(FIRST_AFTER_CUT)).toEqual(new Date('2026-01-06T00:00:00.000Z'));
    expect(await waiter.waitFor(await appendHistory(store, history.slice(0, FIRST_AFTER_CUT), { timeOf }), 30_000)).toBe(true);
    statsThen = await hrStats(database.pool, 2026, END_OF_5_JANUARY);
    expect(statsThen.completedTraining).toBeGreaterThan(10);
    const last = await appendHistory(store, history.slice(FIRST_AFTER_CUT), { timeOf, firstIndex: FIRST_AFTER_CUT });
    expect(await waiter.waitFor(last, 30_000)).toBe(true);
    expect(await hrStats(database.pool, 2026, END_OF_5_JANUARY)).not.toEqual(statsThen);
  }, 120_000);
  afterAll(() => liveReadModels?.stop());

  it('answers from a replay up to the cut what the live read models answered then, leaving them as they are', async () => {
    const live = await readModelSnapshot(database.db);
    const result = await hrStatsAsOf({ pool: database.pool, store }, parseAsOfArguments(['--as-of', '2026-01-05']));
    expect(result.stats).toEqual(statsThen);
    expect(result.asOf).toEqual(END_OF_5_JANUARY);
    expect(result.replay.schema).toBe('read_models_asof_20260105t235959999z');
    expect(await readModelSnapshot(database.db)).toEqual(live);

    const byPosition = await hrStatsAsOf(
      { pool: database.pool, store },
      parseAsOfArguments(['--position', result.replay.lastPosition!]),
    );
    // The figures as of the last event's time: the same day, so the same figures.
    expect(byPosition.stats).toEqual(statsThen);
    expect(byPosition.asOf).toEqual(timeOf(FIRST_AFTER_CUT - 1));
  });

  it('prints the figures after a progress bar', async () => {
    const { stdout, stderr } = await promisify(execFile)(TSX, [CLI, '--as-of', '2026-01-05'], {
      env: { ...process.env, DATABASE_URL: database.connectionString, EVENTSTORE_URL: '' },
    });
    const number = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 2 });
    expect(stderr).toContain('Replaying the event log up to the end of 2026-01-05 (UTC)');
    expect(stderr).toMatch(/\[#{30}\] 100% [\d,]+\/[\d,]+ events .* done/);
    expect(stdout).toContain(`  Total users         ${number.format(statsThen.totalUsers)}\n`);
    expect(stdout).toContain(`  Total hours         ${number.format(statsThen.totalHours)}\n`);
    expect(stdout).toContain(`  Completed training  ${number.format(statsThen.completedTraining)}\n`);
    expect(stdout).toContain(`  Innovative entries  ${number.format(statsThen.innovativeEntries)}\n`);
    expect(stdout).toContain('Read models kept in schema read_models_asof_20260105t235959999z');
  });

  it('tells a mistaken argument in one line, exit code 1', async () => {
    const run = promisify(execFile)(TSX, [CLI, '--as-of', '2026-13-01'], {
      env: { ...process.env, DATABASE_URL: database.connectionString, EVENTSTORE_URL: '' },
    });
    await expect(run).rejects.toMatchObject({ code: 1, stderr: expect.stringMatching(/^--as-of 2026-13-01: not a date/) });
  });
});

describe('describeHrStatsAsOf', () => {
  it('names the cut, the events, the figures and the schema kept', () => {
    const text = describeHrStatsAsOf(
      {
        replay: {
          schema: 'read_models_asof_p9_1',
          events: 12_345,
          lastPosition: '9-1',
          lastRecordedAt: null,
          snapshot: null,
          seconds: 1,
          eventsPerSecond: 1,
        },
        stats: { year: 2026, totalUsers: 40, totalHours: 1234.5, completedTraining: 321, innovativeEntries: 7 } as HrStats,
        asOf: new Date(),
      },
      'the end of 2026-06-30 (UTC)',
    );
    expect(text).toBe(
      [
        'The organisation as of the end of 2026-06-30 (UTC): 12,345 events, up to log position 9-1',
        'HR figures of 2026:',
        '  Total users         40',
        '  Total hours         1,234.5',
        '  Completed training  321',
        '  Innovative entries  7',
        'Read models kept in schema read_models_asof_p9_1 (drop with: DROP SCHEMA read_models_asof_p9_1 CASCADE)',
      ].join('\n'),
    );
  });
});
