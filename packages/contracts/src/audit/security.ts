/**
 * The security log: attempts that change no record (a failed sign-in, a request a limit refused),
 * kept in their own table with a retention instead of the event log (docs/decisions/019-audit.md). The audit
 * log lists them under the kind `security`, with the account events of sign-ins and passwords.
 */
export const SECURITY_LOG_KINDS = ['sign-in-failed', 'refused'] as const;
export type SecurityLogKind = (typeof SECURITY_LOG_KINDS)[number];

/** Why a sign-in failed, as the log says it. */
export const SIGN_IN_FAILURES = {
  unknownAccount: 'no account has this address',
  wrongPassword: 'wrong password',
  wrongCurrentPassword: 'wrong current password when choosing a new one',
  wrongSecondFactor: 'right password, wrong or reused second-factor code',
  wrongSecondFactorToTurnOff: 'wrong second-factor code when turning it off',
} as const;

/**
 * The account events listed under `security` besides the log's rows: sign-ins and outs, passwords,
 * reset and confirmation links, claims, and accounts switched off (every session ended) or on again.
 */
export const SECURITY_EVENT_TYPES = [
  'UserLoggedIn',
  'UserDeactivated',
  'UserReactivated',
  'SsoIdentityLinked',
  'EmailConfirmationIssued',
  'EmailConfirmed',
  'AccountClaimed',
  'SecondFactorEnabled',
  'RecoveryCodeUsed',
  'SecondFactorDisabled',
  'UserLoggedOut',
  'UserLoggedOutEverywhere',
  'PasswordChanged',
  'TemporaryPasswordSet',
  'PasswordResetRequested',
  'PasswordResetCompleted',
] as const;

/** The event column of a security log row. */
export const SECURITY_LOG_EVENTS: Readonly<Record<SecurityLogKind, string>> = {
  'sign-in-failed': 'SignInFailed',
  refused: 'RequestRefused',
};

export interface SecurityLogEntry {
  kind: SecurityLogKind;
  /** A failure's reason (SIGN_IN_FAILURES), or the limit that refused, e.g. "login-address (100 per 15 minutes)". */
  detail: string;
  /** Refusals of one limit, key and window are one row: how many. */
  count: number;
  /** The client's network address (an IPv6 address by its /64). */
  client: string;
}

/** One line: "sign-in failed: wrong password, from 203.0.113.7"; "refused by the limit ... (3 times), from ...". */
export function securitySummary({ kind, detail, count, client }: SecurityLogEntry): string {
  if (kind === 'sign-in-failed') return `sign-in failed: ${detail}, from ${client}`;
  return `refused by the limit ${detail}${count > 1 ? ` (${count} times)` : ''}, from ${client}`;
}

/** What a security log row is about: the account by its name, else the address tried, else the client. */
export function securityRecordName(entry: { accountName: string | null; account: string | null; client: string }): string {
  return entry.accountName ?? entry.account ?? `Network address ${entry.client}`;
}
