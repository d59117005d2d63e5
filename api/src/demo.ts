/**
 * `npm run demo`: fills the database `npm start` uses (DATABASE_URL, or the embedded PostgreSQL
 * under DATA_DIR, also while `npm start` runs) with a sample organisation, through the product's
 * own commands, and prints the accounts to sign in with. On an empty database it first creates the
 * start-up admin (ADMIN_EMAIL), as `npm start` would; it refuses a database that holds anything
 * but that admin.
 */
import { randomBytes } from 'node:crypto';
import { createPool, openEmbeddedPostgres } from '@tht/postgres';
import { ensureStartupAdmin } from './accounts/startup-admin';
import { ConfigError, loadConfig, type AppConfig } from './config';
import { DemoRefused, seedDemoOrganisation, type DemoOrganisation } from './demo/demo-organisation';
import { createLogger } from './platform/logger';
import { startRuntime } from './platform/runtime';

async function openDatabase(config: AppConfig): Promise<{ url: string; stop(): Promise<void> }> {
  if (config.databaseUrl) return { url: config.databaseUrl, stop: async () => {} };
  const embedded = await openEmbeddedPostgres({ dataDir: config.dataDir }).catch((error: Error) => {
    throw new ConfigError('DATA_DIR', `(${config.dataDir}): ${error.message}`);
  });
  return { url: embedded.connectionString, stop: () => embedded.stop() };
}

/** What was made, and who to sign in as. */
function describeDemo(demo: DemoOrganisation, password: string, config: AppConfig): string {
  const width = (pick: (account: DemoOrganisation['accounts'][number]) => string) =>
    Math.max(...demo.accounts.map((account) => pick(account).length));
  const [roleWidth, nameWidth, emailWidth] = [width((a) => a.role), width((a) => a.name), width((a) => a.email)];
  return [
    `Demo organisation created: ${demo.departments} departments, ${demo.people} people, ${demo.entries.toLocaleString('en')} ` +
      `training entries from ${demo.from} to ${demo.to}, organisation targets for ${demo.targetYears.join(' and ')}, ` +
      'and a custom field on every entry.',
    '',
    `Start the product (npm start) and sign in at ${config.publicUrl} with the password ${password}`,
    ...demo.accounts.map(
      (account) =>
        `  ${account.role.padEnd(roleWidth)}  ${account.name.padEnd(nameWidth)}  ${account.email.padEnd(emailWidth)}  ${account.shows}`,
    ),
    `Every one of the ${demo.people} demo accounts (first.last@${config.orgEmailDomain}) has that password.`,
    ...(config.startupAdmin ? [`The start-up admin ${config.startupAdmin.email} keeps ADMIN_PASSWORD.`] : []),
  ].join('\n');
}

async function main(): Promise<void> {
  const config = await loadConfig();
  const database = await openDatabase(config);
  const pool = createPool(database.url);
  try {
    await pool.query('SELECT 1').catch((error: Error) => {
      throw new ConfigError(
        config.databaseUrl ? 'DATABASE_URL' : 'DATA_DIR',
        `does not lead to a PostgreSQL that answers: ${error.message}`,
      );
    });
    const runtime = await startRuntime(config, pool, createLogger('warn'));
    try {
      await ensureStartupAdmin(runtime.ctx);
      const password = `demo-${randomBytes(6).toString('hex')}`;
      const demo = await seedDemoOrganisation(runtime.ctx, { today: new Date(), password });
      console.info(describeDemo(demo, password, config));
    } finally {
      await runtime.stop();
    }
  } finally {
    await pool.end();
    await database.stop();
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(`Configuration error: ${error.message}`);
  else if (error instanceof DemoRefused) console.error(error.message);
  else console.error(error);
  process.exit(1);
});
