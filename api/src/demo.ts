/**
 * `npm run demo`: fills the database `npm start` uses (DATABASE_URL, or the embedded PostgreSQL
 * under DATA_DIR, also while `npm start` runs) with a sample organisation, through the product's
 * own commands, and prints the accounts to sign in with. On an empty database it first creates the
 * start-up admin (ADMIN_EMAIL), as `npm start` would; it refuses a database that holds anything
 * but that admin.
 */
import { randomBytes } from 'node:crypto';
import { ensureStartupAdmin } from './accounts';
import type { AppConfig } from './config';
import { DemoRefused, seedDemoOrganisation, type DemoOrganisation } from './demo/index';
import { withCliRuntime } from './cli-runtime';
import { runCommandLine } from './platform/command-line';

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

runCommandLine(
  () =>
    withCliRuntime(async (ctx) => {
      await ensureStartupAdmin(ctx);
      const password = `demo-${randomBytes(6).toString('hex')}`;
      const demo = await seedDemoOrganisation(ctx, { today: ctx.now(), password });
      console.info(describeDemo(demo, password, ctx.config));
    }),
  [DemoRefused],
);
