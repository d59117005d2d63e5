/**
 * `npm run reset-admin-password -- admin@example.com`, on the server: prints a reset link (valid 15
 * minutes, works once) for that administrator, to open or hand over. Without SMTP_URL this is the
 * only way to an administrator's link: the server never logs one. Works on the database `npm start`
 * uses (DATABASE_URL, or the embedded PostgreSQL under DATA_DIR), with or without the server
 * running; the request is decided and appended as any reset request, so the audit log lists it.
 */
import { normaliseEmail, RESET_TOKEN_TTL_MS } from '@tht/contracts';
import { withCliRuntime } from '../cli-runtime';
import { emailArgument, OperatorRefusal, runCommandLine } from '../platform/command-line';
import { DomainError } from '../platform/decider';
import { issueAdminResetLink, RESET_ADMIN_PASSWORD_COMMAND } from './admin-password-reset';

runCommandLine(async () => {
  const email = emailArgument(process.argv.slice(2), `${RESET_ADMIN_PASSWORD_COMMAND} <the administrator's e-mail address>`);
  const link = await withCliRuntime((ctx) => issueAdminResetLink(ctx, email));
  console.info(
    [
      `Password reset link for ${normaliseEmail(email)}, valid for ${RESET_TOKEN_TTL_MS / 60_000} minutes, works once:`,
      link,
      'Open it (or hand it to the administrator) to choose a new password.',
    ].join('\n'),
  );
}, [OperatorRefusal, DomainError]);
