/** Business constants of accounts. */
export const PASSWORD_MIN_LENGTH = 6;
export const NEW_PASSWORD_MIN_LENGTH = 8;
export const RESET_TOKEN_PATTERN = /^[0-9a-f]{64}$/;
export const RESET_TOKEN_TTL_MS = 15 * 60 * 1000;
export const NAME_MAX_LENGTH = 100;
/** The longest address SMTP allows. */
export const EMAIL_MAX_LENGTH = 254;
/** Ids are PostgreSQL integers. */
export const MAX_ID = 2_147_483_647;
export const MANAGER_SUGGESTION_LIMIT = 10;
/** Username checks (login, registration) wait this long after the last keystroke. */
export const EMAIL_CHECK_DELAY_MS = 500;

/** E-mail addresses (usernames) are compared and stored in lower case. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function isOrgEmail(email: string, domain: string): boolean {
  return normaliseEmail(email).endsWith(`@${domain.toLowerCase()}`);
}

export function fullName(person: { firstName: string; lastName: string }): string {
  return `${person.firstName} ${person.lastName}`;
}

/** A name as full names are compared: trimmed, spaces collapsed, case aside. */
export function fullNameKey(name: string): string {
  return name.trim().replace(/\s+/g, ' ').toLowerCase();
}

/** Whether a typed name is a full name (`fullNameKey`). */
export function sameFullName(typed: string, name: string): boolean {
  return fullNameKey(typed) === fullNameKey(name);
}
