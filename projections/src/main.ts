/**
 * The projections as their own process (`npm start -w projections`, the `projections` service in
 * docker-compose): migrates the read models and keeps them up to date until SIGTERM/SIGINT.
 */
import { createEventStore, migrateEventStore } from '@tht/eventstore';
import { createDb, createPool } from '@tht/postgres';
import { z } from 'zod';
import { allProjectors } from './all-projectors';
import { migrateReadModels } from './framework/migrate';
import { startProjectionRunner } from './framework/runner';

const hasProtocol = (protocols: string[]) => (value: string) => {
  try {
    return protocols.includes(new URL(value).protocol);
  } catch {
    return false;
  }
};
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
});

function readSettings(): z.infer<typeof settingsSchema> {
  const parsed = settingsSchema.safeParse(process.env);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  throw new StartupError(`${issue.path.join('.')} ${issue.message}`);
}

class StartupError extends Error {}

async function main(): Promise<void> {
  const settings = readSettings();
  const pool = createPool(settings.DATABASE_URL);
  await pool.query('SELECT 1').catch((error: unknown) => {
    throw new StartupError(`DATABASE_URL: cannot connect to PostgreSQL (${error instanceof Error ? error.message : String(error)})`);
  });
  const store = createEventStore({ pool, eventstoreUrl: settings.EVENTSTORE_URL });
  if (!settings.EVENTSTORE_URL) await migrateEventStore(pool);
  await migrateReadModels(createDb(pool), allProjectors);
  const runner = startProjectionRunner({ pool, store, projectors: allProjectors });
  console.info(`Projections running (${allProjectors.map((p) => p.name).join(', ') || 'no projectors'})`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.info(`${signal}: stopping projections`);
    await runner.stop();
    await store.close();
    await pool.end();
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));
}

main().catch((error: unknown) => {
  console.error(error instanceof StartupError || (error instanceof Error && error.message.startsWith('EVENTSTORE_URL')) ? error.message : error);
  process.exit(1);
});
