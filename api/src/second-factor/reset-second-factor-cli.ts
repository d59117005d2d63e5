/**
 * `npm run reset-admin-second-factor -- admin@example.com`, on the server: turns that account's
 * two-step sign-in off when its owner lost both the authenticator app and the recovery codes. Works
 * on the database `npm start` uses, with or without the server running; the audit log lists it as
 * the system's.
 */
import { normaliseEmail } from '@tht/contracts';
import { withCliRuntime } from '../cli-runtime';
import { emailArgument, OperatorRefusal, runCommandLine } from '../platform/command-line';
import { DomainError } from '../platform/decider';
import { RESET_SECOND_FACTOR_COMMAND, resetSecondFactor } from './second-factor-reset';

runCommandLine(async () => {
  const email = emailArgument(process.argv.slice(2), `${RESET_SECOND_FACTOR_COMMAND} <the account's e-mail address>`);
  await withCliRuntime((ctx) => resetSecondFactor(ctx, email));
  console.info(`Two-step sign-in is off for ${normaliseEmail(email)}: the password alone signs in until it is set up again.`);
}, [OperatorRefusal, DomainError]);
