/**
 * `npm run seed-organisation -- --password <password> [options]`: fills an empty database (the
 * one `npm start` uses: DATABASE_URL, or the embedded PostgreSQL under DATA_DIR) with the test
 * kit's sample organisation of any size, fast, for benchmarks and trials at scale; every account
 * (first.last@ORG_EMAIL_DOMAIN) signs in with the password. `npm run demo` is the small one
 * written through the product's commands. Options:
 *   --size small|e2e|demo|benchmark   the named size the others change (benchmark)
 *   --people N, --entries N, --team-size N
 *   --from YYYY-MM-DD, --to YYYY-MM-DD   the entries' dates (the size's months up to now)
 *   --seed N                           the entries' random draw (1)
 *   --history                          the whole history, in bulk and sealed, not only accounts and entries
 *   --skip-read-models                 leave the read models to the product's start or `npm run rebuild`
 */
import { parseArgs } from 'node:util';
import { createPool } from '@tht/postgres';
import { monthsUpTo, ORGANISATION_SIZES, type OrganisationSize } from '@tht/test-kit/organisation';
import { openDatabase } from '../cli-runtime';
import { loadConfig } from '../config';
import { OperatorRefusal, runCommandLine } from '../platform/command-line';
import { SEED_CONCURRENCY, seedSampleOrganisation, type SampleOrganisationOptions } from './sample-organisation';

const USAGE =
  'Usage: npm run seed-organisation -- --password <password> [--size small|e2e|demo|benchmark] [--people N] [--entries N] ' +
  '[--team-size N] [--from YYYY-MM-DD] [--to YYYY-MM-DD] [--seed N] [--history] [--skip-read-models]';

function refuse(problem: string): never {
  throw new OperatorRefusal(`${problem}\n${USAGE}`);
}

function wholeNumber(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value)) refuse(`--${name} takes a whole number, not ${value}`);
  return Number(value);
}

function day(value: string | undefined, name: string): Date | undefined {
  if (value === undefined) return undefined;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(Date.parse(value)))
    refuse(`--${name} takes a date YYYY-MM-DD, not ${value}`);
  return new Date(`${value}T00:00:00Z`);
}

function parseOptions(args: string[], orgEmailDomain: string): SampleOrganisationOptions {
  const { values } = (() => {
    try {
      return parseArgs({
        args,
        strict: true,
        options: {
          password: { type: 'string' },
          size: { type: 'string', default: 'benchmark' },
          people: { type: 'string' },
          entries: { type: 'string' },
          'team-size': { type: 'string' },
          from: { type: 'string' },
          to: { type: 'string' },
          seed: { type: 'string' },
          history: { type: 'boolean', default: false },
          'skip-read-models': { type: 'boolean', default: false },
        },
      });
    } catch (error) {
      return refuse((error as Error).message);
    }
  })();
  if (!values.password) refuse('--password is needed: every seeded account signs in with it');
  if (!Object.hasOwn(ORGANISATION_SIZES, values.size)) refuse(`No size ${values.size}`);
  const named: OrganisationSize = ORGANISATION_SIZES[values.size as keyof typeof ORGANISATION_SIZES];
  const size = {
    ...named,
    people: wholeNumber(values.people, 'people') ?? named.people,
    entries: wholeNumber(values.entries, 'entries') ?? named.entries,
    teamSize: wholeNumber(values['team-size'], 'team-size') ?? named.teamSize,
  };
  const to = day(values.to, 'to') ?? new Date();
  return {
    size,
    period: { from: day(values.from, 'from') ?? monthsUpTo(to, size.months).from, to },
    seed: wholeNumber(values.seed, 'seed') ?? 1,
    password: values.password,
    content: values.history ? 'history' : 'accounts',
    readModels: !values['skip-read-models'],
    orgEmailDomain,
  };
}

runCommandLine(async () => {
  const config = await loadConfig();
  const options = parseOptions(process.argv.slice(2), config.orgEmailDomain);
  const database = await openDatabase(config);
  // A sample is made again, not recovered: its connections skip the disk flush per commit.
  const pool = createPool(database.url, { max: SEED_CONCURRENCY + 2, options: '-c synchronous_commit=off' });
  try {
    const { people, events, seconds } = await seedSampleOrganisation(pool, options);
    const appendsPerSecond = Math.round(events / seconds.write);
    console.info(
      `Seeded ${people.toLocaleString('en')} people and ${events.toLocaleString('en')} events ` +
        `(${options.period.from.toISOString().slice(0, 10)} to ${options.period.to.toISOString().slice(0, 10)}) ` +
        `in ${seconds.write.toFixed(1)} s (${appendsPerSecond.toLocaleString('en')} events/s)` +
        (options.content === 'history' ? `, sealed into the audit chain in ${seconds.seal.toFixed(1)} s` : '') +
        (options.readModels ? `, read models built in ${seconds.readModels.toFixed(1)} s` : ', read models left to the product') +
        `. Every account (first.last@${options.orgEmailDomain}) signs in with the password given.`,
    );
  } finally {
    await pool.end();
    await database.stop();
  }
}, [OperatorRefusal]);
