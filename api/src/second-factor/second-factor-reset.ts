import { normaliseEmail } from '@tht/contracts';
import { OperatorRefusal } from '../platform/command-line';
import { systemActor } from '../platform/commands';
import type { AppContext } from '../platform/context';
import { findUserByEmail } from '../users';
import { decideOnSecondFactor } from './second-factor-commands';

/** The operator's command, run on the server, that turns an account's two-step sign-in off. */
export const RESET_SECOND_FACTOR_COMMAND = 'npm run reset-admin-second-factor --';

/**
 * Turns off the second factor of the account `email` for the operator (its owner lost the phone
 * and the recovery codes): decided on its stream as the system's act, so the audit log lists it.
 * The password still signs in; with ADMIN_MFA=required the administrator then sets it up again.
 */
export async function resetSecondFactor(ctx: AppContext, email: string): Promise<void> {
  const user = await findUserByEmail(ctx.db, normaliseEmail(email));
  if (!user) throw new OperatorRefusal(`No account has the e-mail address ${email}`);
  await decideOnSecondFactor(ctx, { type: 'ResetSecondFactor', userId: user.id }, systemActor());
}
