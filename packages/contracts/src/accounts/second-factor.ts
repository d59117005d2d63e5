import { z } from 'zod';
import { safeString } from '../safe-text';

/**
 * An administrator's second factor at a password sign-in: a TOTP authenticator (RFC 6238, 6
 * digits, 30 seconds) with one-time recovery codes. `ADMIN_MFA=required` makes it mandatory for
 * administrators who sign in with a password; single sign-on is never asked (the provider does its own).
 */
export const ADMIN_MFA_MODES = ['optional', 'required'] as const;
export type AdminMfaMode = (typeof ADMIN_MFA_MODES)[number];

/** How many recovery codes an enrolment hands out (each works once). */
export const RECOVERY_CODE_COUNT = 10;

/** The name authenticator apps show above the code. */
export const SECOND_FACTOR_ISSUER = 'Training Hours Tracker';

/** The second factor's state lives on its own stream per account. */
export const secondFactorStream = (userId: number) => `mfa-${userId}`;

export interface SecondFactorEventData {
  /**
   * The authenticator was confirmed with its first code. `encryptedSecret` is its key sealed with
   * AES-256-GCM under a key derived from JWT_SECRET; `recoveryCodeHashes` the recovery codes as
   * `salt:sha256` (never the codes); `timeStep` the confirming code's RFC 6238 time step (used).
   */
  SecondFactorEnabled: { userId: number; encryptedSecret: string; recoveryCodeHashes: string[]; timeStep: number };
  /** A code of time step `timeStep` was accepted (a sign-in, turning it off): it and earlier ones never work again. */
  SecondFactorCodeUsed: { userId: number; timeStep: number };
  /** A recovery code was used (at a sign-in); it never works again. */
  RecoveryCodeUsed: { userId: number; recoveryCodeHash: string; recoveryCodesLeft: number };
  SecondFactorDisabled: { userId: number };
}

/** Texts of the second factor, word for word, used by server and client. */
export const SECOND_FACTOR_MESSAGES = {
  codeRequired: 'Enter the 6-digit code from your authenticator app (or one of your recovery codes) to sign in.',
  wrongCode: 'That code is not right. Enter the current code from your authenticator app, or an unused recovery code.',
  codeAlreadyUsed: 'That code was already used. Wait for the next code in your authenticator app.',
  codeFormat: 'Enter the 6-digit code from your authenticator app or a recovery code',
  setupRequired: 'Administrators must set up two-step sign-in (an authenticator app) before going on.',
  passwordSessionOnly: 'Two-step sign-in protects password sign-ins of administrators; you signed in another way.',
  adminsOnly: 'Two-step sign-in is offered to administrators',
  alreadyOn: 'Two-step sign-in is already on for this account',
  notOn: 'Two-step sign-in is not on for this account',
  enrolmentExpired: 'This set-up has expired. Start again to get a new QR code.',
  requiredCannotTurnOff: 'Two-step sign-in is required for administrators here (ADMIN_MFA=required); it cannot be turned off',
  turnedOff: 'Two-step sign-in is off',
} as const;

/** A TOTP code (6 digits) or a recovery code (groups of letters and digits, dashes and spaces ignored). */
export const secondFactorCodeSchema = safeString({ error: SECOND_FACTOR_MESSAGES.codeFormat })
  .trim()
  .min(6, SECOND_FACTOR_MESSAGES.codeFormat)
  .max(40, SECOND_FACTOR_MESSAGES.codeFormat);

/** `POST /api/account/second-factor`: the set-up's sealed secret and the authenticator's first code. */
export const secondFactorConfirmSchema = z.object({
  enrolment: safeString({ error: SECOND_FACTOR_MESSAGES.enrolmentExpired })
    .min(1, SECOND_FACTOR_MESSAGES.enrolmentExpired)
    .max(1000),
  code: secondFactorCodeSchema,
});
export type SecondFactorConfirmInput = z.infer<typeof secondFactorConfirmSchema>;

/** `POST /api/account/second-factor/disable`: a current code or an unused recovery code (a stolen session alone cannot). */
export const secondFactorDisableSchema = z.object({ code: secondFactorCodeSchema });
export type SecondFactorDisableInput = z.infer<typeof secondFactorDisableSchema>;

/** `GET /api/account/second-factor`. */
export const secondFactorStatusSchema = z.strictObject({
  enabled: z.boolean(),
  /** ADMIN_MFA=required: an administrator signing in with a password must have it. */
  required: z.boolean(),
  recoveryCodesLeft: z.number().int(),
});
export type SecondFactorStatus = z.infer<typeof secondFactorStatusSchema>;

/** `POST /api/account/second-factor/enrolment`: what the authenticator app needs, and the sealed secret to confirm with. */
export const secondFactorEnrolmentSchema = z.strictObject({
  /** The key in base32, for typing it in by hand. */
  secret: z.string(),
  /** The `otpauth://totp/...` URI the QR code holds. */
  otpauthUri: z.string(),
  /** The QR code as a `data:image/svg+xml` URL (the CSP allows data: images). */
  qrCode: z.string(),
  /** The secret sealed for this account, valid 10 minutes: sent back with the first code. */
  enrolment: z.string(),
});
export type SecondFactorEnrolment = z.infer<typeof secondFactorEnrolmentSchema>;

/** `POST /api/account/second-factor`: the recovery codes, shown this once. */
export const secondFactorEnabledSchema = z.strictObject({ message: z.string(), recoveryCodes: z.array(z.string()) });
export type SecondFactorEnabledResponse = z.infer<typeof secondFactorEnabledSchema>;

/** The 401 of `POST /api/login` when the password was right and a second factor is needed. */
export const secondFactorNeededSchema = z.strictObject({ error: z.string(), mfaRequired: z.literal(true) });
