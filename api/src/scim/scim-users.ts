import { fullName } from '@tht/contracts';
import type { UserRow } from 'projections';

/** The enterprise extension's schema id (RFC 7643 section 4.3): department and manager. */
export const ENTERPRISE_USER = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';

/** A User resource as the directory sends it (after the library checked it against the schema). */
export interface ScimUser {
  userName?: string;
  externalId?: string;
  displayName?: string;
  active?: boolean;
  name?: { givenName?: string; familyName?: string; formatted?: string };
  emails?: { value?: string; type?: string; primary?: boolean }[];
  [ENTERPRISE_USER]?: { department?: string; manager?: { value?: string } };
}

/** A person as the directory states them, in the product's terms. */
export interface DirectoryPerson {
  email: string | undefined;
  firstName: string | undefined;
  lastName: string | undefined;
  /** undefined: not stated (a new person goes to the default department, a known one stays where they are). */
  department: string | undefined;
  /** The manager's SCIM id as sent; null: none. */
  manager: string | null;
  active: boolean;
  externalId: string | null;
}

const blankToUndefined = (text: string | undefined) => (text?.trim() ? text.trim() : undefined);

/** The work address among `emails`: the one typed `work`, else the primary one, else the first. */
export function workEmailOf(user: ScimUser): string | undefined {
  const emails = user.emails ?? [];
  const email = emails.find((each) => each.type?.toLowerCase() === 'work') ?? emails.find((each) => each.primary) ?? emails[0];
  return blankToUndefined(email?.value);
}

/**
 * The account's address: `userName` (the work e-mail), unless the directory changed only the work
 * address among `emails` (Entra's `emails[type eq "work"].value`), which is then taken.
 */
function addressOf(user: ScimUser, before: ScimUser | undefined): string | undefined {
  const userName = blankToUndefined(user.userName);
  if (!before || userName !== before.userName) return userName;
  const work = workEmailOf(user);
  return work !== undefined && work !== workEmailOf(before) ? work : userName;
}

/** Given and family name, else the display name's first word and the rest. */
function namesOf(user: ScimUser): Pick<DirectoryPerson, 'firstName' | 'lastName'> {
  const [first, ...rest] = (blankToUndefined(user.displayName) ?? '').split(/\s+/);
  return {
    firstName: blankToUndefined(user.name?.givenName) ?? blankToUndefined(first),
    lastName: blankToUndefined(user.name?.familyName) ?? blankToUndefined(rest.join(' ')),
  };
}

/** What the directory states about a person; `before` is the resource as it was (PUT, PATCH). */
export function personOf(user: ScimUser, before?: ScimUser): DirectoryPerson {
  const enterprise = user[ENTERPRISE_USER];
  return {
    email: addressOf(user, before),
    ...namesOf(user),
    department: blankToUndefined(enterprise?.department),
    manager: blankToUndefined(enterprise?.manager?.value) ?? null,
    active: user.active ?? true,
    externalId: blankToUndefined(user.externalId) ?? null,
  };
}

const isoOf = (time: Date | string) => new Date(time).toISOString();

/** An account as a SCIM User resource (`externalId`: the directory's id of it, if linked). */
export function scimUserOf(user: UserRow, externalId: string | undefined): ScimUser & { id: string; meta: object } {
  const name = fullName({ firstName: user.first_name, lastName: user.last_name });
  return {
    id: String(user.id),
    ...(externalId !== undefined && { externalId }),
    userName: user.email,
    name: { givenName: user.first_name, familyName: user.last_name, formatted: name },
    displayName: name,
    emails: [{ value: user.email, type: 'work', primary: true }],
    active: user.deactivated_at === null,
    [ENTERPRISE_USER]: {
      department: user.department,
      ...(user.manager_id !== null && { manager: { value: String(user.manager_id) } }),
    },
    meta: { created: isoOf(user.created_at), lastModified: isoOf(user.updated_at) },
  };
}

/** A user id as SCIM names it (`"42"`), or null for anything else. */
export function userIdOf(scimId: string): number | null {
  return /^[1-9]\d{0,9}$/.test(scimId) && Number(scimId) <= 2_147_483_647 ? Number(scimId) : null;
}
