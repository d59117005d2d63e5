import {
  SECOND_FACTOR_MESSAGES as M,
  secondFactorStream,
  type SecondFactorConfirmInput,
  type SecondFactorEnrolment,
  type SecondFactorStatus,
} from '@tht/contracts';
import QRCode from 'qrcode';
import type { AuthUser } from '../auth/auth-user';
import type { Actor } from '../platform/commands';
import type { AppContext } from '../platform/context';
import { DomainError } from '../platform/decider';
import { handleCommand } from '../platform/handle-command';
import { enabled, secondFactorDecider, type SecondFactorCommand, type SecondFactorState } from './second-factor-decider';
import { loadSecondFactor, noteSecondFactor, secondFactorRequiredFor } from './second-factor-hold';
import {
  isAuthenticatorCode,
  matchingRecoveryCode,
  newAuthenticatorKey,
  newRecoveryCodes,
  seal,
  timeStepOf,
  unseal,
} from './second-factor-secrets';

/** A set-up must be confirmed within this time of asking for it. */
const ENROLMENT_TTL_MS = 10 * 60 * 1000;

const enrolmentPurpose = (userId: number) => `mfa-enrolment-${userId}`;

/** Decides on the account's second factor, and tells the ADMIN_MFA=required hold of this process what came of it. */
export async function decideOnSecondFactor(ctx: AppContext, command: SecondFactorCommand, actor: Actor) {
  const result = await handleCommand(ctx, secondFactorDecider, { stream: secondFactorStream(command.userId), command, actor });
  noteSecondFactor(ctx, command.userId, result.state.enabled);
  return result;
}

/** Only an administrator signed in with a password sets up (or turns off) a second factor. */
function checkMayManage(user: AuthUser): void {
  if (user.role !== 'admin') throw new DomainError('forbidden', M.adminsOnly);
  if (user.session.sso) throw new DomainError('forbidden', M.passwordSessionOnly);
}

export async function secondFactorStatus(ctx: AppContext, user: AuthUser): Promise<SecondFactorStatus> {
  const state = await loadSecondFactor(ctx, user.id);
  return {
    enabled: state.enabled,
    required: secondFactorRequiredFor(ctx, { role: user.role, sso: user.session.sso }),
    recoveryCodesLeft: state.enabled ? state.recoveryCodeHashes.length : 0,
  };
}

/**
 * A new authenticator key for the user, not stored yet: the QR code and the key to type in, and
 * the key sealed for this account (10 minutes) to send back with the first code.
 */
export async function startEnrolment(ctx: AppContext, user: AuthUser): Promise<SecondFactorEnrolment> {
  checkMayManage(user);
  if ((await loadSecondFactor(ctx, user.id)).enabled) throw new DomainError('conflict', M.alreadyOn);
  const { secret, otpauthUri } = newAuthenticatorKey(user.email);
  const svg = await QRCode.toString(otpauthUri, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
  const expiresAt = ctx.now().getTime() + ENROLMENT_TTL_MS;
  return {
    secret,
    otpauthUri,
    qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
    enrolment: seal(ctx.config.jwtSecret, enrolmentPurpose(user.id), JSON.stringify({ secret, expiresAt })),
  };
}

function enrolmentSecret(ctx: AppContext, userId: number, enrolment: string): string {
  const opened = unseal(ctx.config.jwtSecret, enrolmentPurpose(userId), enrolment);
  const { secret, expiresAt } = (opened === null ? {} : JSON.parse(opened)) as { secret?: string; expiresAt?: number };
  if (secret === undefined || expiresAt === undefined || expiresAt < ctx.now().getTime())
    throw new DomainError('invalid', M.enrolmentExpired);
  return secret;
}

/** Turns the second factor on with the authenticator's first code; answers the recovery codes (shown this once). */
export async function confirmEnrolment(
  ctx: AppContext,
  user: AuthUser,
  { enrolment, code }: SecondFactorConfirmInput,
  actor: Actor,
): Promise<string[]> {
  checkMayManage(user);
  const secret = enrolmentSecret(ctx, user.id, enrolment);
  const timeStep = await timeStepOf(secret, code, ctx.now().getTime());
  if (timeStep === null) throw new DomainError('invalid', M.wrongCode);
  const { codes, hashes } = newRecoveryCodes();
  const encryptedSecret = seal(ctx.config.jwtSecret, secondFactorStream(user.id), secret);
  await decideOnSecondFactor(
    ctx,
    { type: 'EnableSecondFactor', userId: user.id, encryptedSecret, recoveryCodeHashes: hashes, timeStep },
    actor,
  );
  return codes;
}

/**
 * What `code` proves on the account's second factor: the command that uses it (a TOTP code's time
 * step, or a recovery code's stored hash), or null for a wrong code. A key that no longer opens
 * (JWT_SECRET was changed) matches no TOTP code; a recovery code still works.
 */
async function commandOfCode(
  ctx: AppContext,
  userId: number,
  state: Extract<SecondFactorState, { enabled: true }>,
  code: string,
): Promise<SecondFactorCommand | null> {
  if (isAuthenticatorCode(code)) {
    const secret = unseal(ctx.config.jwtSecret, secondFactorStream(userId), state.encryptedSecret);
    const timeStep = secret === null ? null : await timeStepOf(secret, code, ctx.now().getTime());
    return timeStep === null ? null : { type: 'UseCode', userId, timeStep };
  }
  const recoveryCodeHash = matchingRecoveryCode(state.recoveryCodeHashes, code);
  return recoveryCodeHash === null ? null : { type: 'UseRecoveryCode', userId, recoveryCodeHash };
}

/** What a sign-in with a second factor reports back: a wrong (or replayed) code is a failed attempt. */
export interface CodeAttempt {
  failed: () => Promise<void>;
}

const askAgain = (message: string) => new DomainError('unauthenticated', message, { mfaRequired: true });

/**
 * At a password sign-in, after the password was right: an account with a second factor needs a
 * code (TOTP, each accepted once, or an unused recovery code). Without one the answer is 401 with
 * `mfaRequired: true`; a wrong or replayed code is a failed attempt (the caller's limiter) and 401.
 */
export async function proveSecondFactor(
  ctx: AppContext,
  userId: number,
  code: string | undefined,
  attempt: CodeAttempt,
  actor: Actor,
): Promise<void> {
  const state = await loadSecondFactor(ctx, userId);
  if (!state.enabled) return;
  if (code === undefined) throw askAgain(M.codeRequired);
  const command = await commandOfCode(ctx, userId, state, code);
  if (command === null) {
    await attempt.failed();
    throw askAgain(M.wrongCode);
  }
  try {
    await decideOnSecondFactor(ctx, command, { ...actor, userId });
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    await attempt.failed();
    throw askAgain(error.message);
  }
}

/**
 * Turns the second factor off with a current code or an unused recovery code (a stolen session
 * alone cannot); refused while ADMIN_MFA=required applies. A wrong code is a failed attempt.
 */
export async function disableSecondFactor(
  ctx: AppContext,
  user: AuthUser,
  code: string,
  attempt: CodeAttempt & { admit: () => Promise<void> },
  actor: Actor,
): Promise<void> {
  checkMayManage(user);
  const state = await loadSecondFactor(ctx, user.id);
  const required = secondFactorRequiredFor(ctx, { role: user.role, sso: user.session.sso });
  const turnOff = (timeStep: number | null) => ({ type: 'DisableSecondFactor', userId: user.id, timeStep, required }) as const;
  // Refused (off already, or required) before a try is counted.
  const on = enabled(state);
  secondFactorDecider.decide(turnOff(null), on);
  await attempt.admit();
  const proof = await commandOfCode(ctx, user.id, on, code);
  if (proof === null) {
    await attempt.failed();
    throw new DomainError('invalid', M.wrongCode);
  }
  if (proof.type === 'UseRecoveryCode') await decideOnSecondFactor(ctx, proof, actor);
  await decideOnSecondFactor(ctx, turnOff(proof.type === 'UseCode' ? proof.timeStep : null), actor);
}
