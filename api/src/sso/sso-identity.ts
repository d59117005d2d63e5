import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH, isOrgEmail, normaliseEmail, type SsoFailure, type SsoIdentity } from '@tht/contracts';

/** The person an ID token names: who they are at the provider, their work e-mail and their names. */
export interface ProviderPerson extends SsoIdentity {
  email: string;
  firstName: string;
  lastName: string;
}

/** The ID token claims read here (OpenID Connect Core 5.1; `xms_edov` is Entra ID's "e-mail domain owner verified"). */
export interface PersonClaims {
  iss: string;
  sub: string;
  email?: unknown;
  email_verified?: unknown;
  xms_edov?: unknown;
  given_name?: unknown;
  family_name?: unknown;
  name?: unknown;
}

const text = (value: unknown): string => (typeof value === 'string' ? value.trim().slice(0, NAME_MAX_LENGTH) : '');

/** Given and family names, else the full name split at its last space, else the e-mail's local part. */
function namesOf(claims: PersonClaims, email: string): { firstName: string; lastName: string } {
  const [given, family] = [text(claims.given_name), text(claims.family_name)];
  if (given || family) return { firstName: given, lastName: family };
  const name = text(claims.name);
  const lastSpace = name.lastIndexOf(' ');
  if (lastSpace > 0) return { firstName: name.slice(0, lastSpace), lastName: name.slice(lastSpace + 1) };
  return { firstName: name || email.slice(0, email.indexOf('@')), lastName: '' };
}

/**
 * The person an ID token names, or why they may not sign in: only a verified e-mail address in
 * the organisation's domain says who they are here.
 */
export function personOf(claims: PersonClaims, domain: string): ProviderPerson | SsoFailure {
  const verified = claims.email_verified === true || claims.xms_edov === true;
  if (typeof claims.email !== 'string' || !verified) return 'email-unverified';
  const email = normaliseEmail(claims.email);
  if (email.length > EMAIL_MAX_LENGTH || !isOrgEmail(email, domain)) return 'other-domain';
  return { issuer: claims.iss, subject: claims.sub, email, ...namesOf(claims, email) };
}
