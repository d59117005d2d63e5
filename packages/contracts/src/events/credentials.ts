/**
 * Fields of event data that hold credentials: the hashes of passwords, reset tokens and e-mail
 * confirmation tokens. They stay in the stored log (the hash chain covers them) but never leave the
 * server: every output of events (the audit stream, histories, the audit log) goes through this list.
 */
export const CREDENTIAL_FIELDS = [
  'passwordHash',
  'tokenHash',
  'confirmationHash',
  // An administrator's second factor (accounts/second-factor.ts): the sealed TOTP key and the recovery codes' hashes.
  'encryptedSecret',
  'recoveryCodeHashes',
  'recoveryCodeHash',
] as const;
export type CredentialField = (typeof CREDENTIAL_FIELDS)[number];

/** What a credential's value reads as once redacted. */
export const REDACTED_CREDENTIAL = '[redacted]';

export interface RedactedData<Data> {
  /** The data with every credential field's value replaced; the very object when it holds none. */
  data: Data;
  /** The credential fields replaced, in CREDENTIAL_FIELDS order. */
  redacted: CredentialField[];
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * An event's data without its credentials (events hold them at the top level of their data). A
 * null credential (an account made by single sign-on has no password) is none, and stays null.
 */
export function redactCredentials<Data>(data: Data): RedactedData<Data> {
  if (!isRecord(data)) return { data, redacted: [] };
  const redacted = CREDENTIAL_FIELDS.filter((field) => field in data && data[field] !== null);
  if (redacted.length === 0) return { data, redacted };
  const copy: Record<string, unknown> = { ...data };
  for (const field of redacted) copy[field] = REDACTED_CREDENTIAL;
  return { data: copy as Data, redacted };
}
