/**
 * The projections as their own process (`npm start -w projections`, the `projections` service in
 * docker-compose): migrates the read models and keeps them up to date until SIGTERM/SIGINT.
 */
import { createEventStore, migrateEventStore } from '@tht/eventstore';
import { createDb, createPool } from '@tht/postgres';
import { pino } from 'pino';
import pretty from 'pino-pretty';
import { z } from 'zod';
import { allProjectors } from './all-projectors';
import { migrateReadModels } from './framework/migrate';
import { startProjectionRunner } from './framework/runner';
import { supersededMessage, upgradeProductReadModels } from './product-read-models';

const hasProtocol = (protocols: string[]) => (value: string) => {
  try {
    return protocols.includes(new URL(value).protocol);
  } catch {
    return false;
  }
};
const LOG_LEVELS = ['debug', 'info', 'warn', 'error', 'silent'] as const;
const KURRENT_PROTOCOLS = ['esdb:', 'esdb+discover:', 'kurrentdb:', 'kurrentdb+discover:', 'kurrent:', 'kurrent+discover:'];

/** An empty variable (`FOO=` in a compose file or shell) counts as unset. */
const emptyAsUnset = (value: unknown) => (value === '' ? undefined : value);

const settingsSchema = z.object({
  DATABASE_URL: z.preprocess(
    emptyAsUnset,
    z
      .string({ error: 'is required: the PostgreSQL that holds the read models (postgres://...)' })
      .refine(hasProtocol(['postgres:', 'postgresql:']), 'must be a postgres:// or postgresql:// URL'),
  ),
  EVENTSTORE_URL: z.preprocess(
    emptyAsUnset,
    z.string().refine(hasProtocol(KURRENT_PROTOCOLS), 'must be an esdb:// or kurrentdb:// URL').optional(),
  ),
  LOG_LEVEL: z.preprocess(emptyAsUnset, z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info')),
});

function readSettings(): z.infer<typeof settingsSchema> {
  const parsed = settingsSchema.safeParse(process.env);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  throw new StartupError(`${issue.path.join('.')} ${issue.message}`);
}

class StartupError extends Error {}

/** As the API logs: JSON lines (level name, ISO time), pino-pretty's lines when standard output is a terminal. */
function createLogger(level: pino.LevelWithSilent): pino.Logger {
  const destination = process.stdout.isTTY
    ? pretty({ sync: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' })
    : pino.destination({ sync: true });
  return pino(
    { name: 'projections', level, timestamp: pino.stdTimeFunctions.isoTime, formatters: { level: (label) => ({ level: label }) } },
    destination,
  );
}

let log = createLogger('info');

async function main(): Promise<void> {
  const settings = readSettings();
  log = createLogger(settings.LOG_LEVEL);
  const pool = createPool(settings.DATABASE_URL);
  await pool.query('SELECT 1').catch((error: unknown) => {
    throw new StartupError(
      `DATABASE_URL: cannot connect to PostgreSQL (${error instanceof Error ? error.message : String(error)})`,
    );
  });
  const store = createEventStore({ pool, eventstoreUrl: settings.EVENTSTORE_URL });
  if (!settings.EVENTSTORE_URL) await migrateEventStore(pool);
  await upgradeProductReadModels(pool, store, log);
  await migrateReadModels(createDb(pool), allProjectors);
  const runner = startProjectionRunner({
    pool,
    store,
    projectors: allProjectors,
    onError: (error, projector) => log.error({ err: error }, `Projection ${projector ?? 'runner'} failed; retrying with back-off`),
    onSuperseded: (names) => log.warn(supersededMessage(names)),
  });
  log.info(`Projections running (${allProjectors.map((p) => p.name).join(', ') || 'no projectors'})`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal}: stopping projections`);
    await runner.stop();
    await store.close();
    await pool.end();
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));
}

main().catch((error: unknown) => {
  if (error instanceof StartupError || (error instanceof Error && error.message.startsWith('EVENTSTORE_URL')))
    log.error(error.message);
  else log.error({ err: error }, 'Start-up failed');
  process.exit(1);
});
