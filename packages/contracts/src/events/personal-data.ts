/**
 * Personal data in events (decision 038): which fields of which event types are a person's, of
 * what kind, and whose. The event store encrypts each of them with its owner's key on append and
 * decrypts on read; once the owner is erased (their key deleted) a field reads as `erasedValue`.
 * This is the only list of them: the store's codec, the projectors' erasure and the tests use it.
 */
import type { ProductEventType } from './product-events';

/** What a value is, which decides what it reads as once erased. */
export type PersonalKind = 'firstName' | 'lastName' | 'fullName' | 'email' | 'text';

type EventData = Record<string, unknown>;

export interface PersonalField {
  /** Dotted path in the event data; `*` stands for every key of an object (`customFields.*`). */
  path: string;
  kind: PersonalKind;
  /** The user id of the person the value belongs to. */
  ownerOf: (data: EventData) => number;
}

const idOf = (value: unknown): number | null => (typeof value === 'number' && Number.isInteger(value) ? value : null);
const userIdOf = (data: EventData) => idOf(data.userId)!;
/**
 * A picked manager's name is the manager's, and so is an entry's typed manager name that names an
 * account (`managerId`); typed text naming no one is the person's own.
 */
const managerOf = (data: EventData) => idOf(data.managerId) ?? userIdOf(data);
const changedManagerOf = (data: EventData) => idOf((data.changes as EventData | undefined)?.managerId) ?? userIdOf(data);

const field = (path: string, kind: PersonalKind, ownerOf: PersonalField['ownerOf'] = userIdOf): PersonalField => ({
  path,
  kind,
  ownerOf,
});

const PROFILE: readonly PersonalField[] = [
  field('email', 'email'),
  field('firstName', 'firstName'),
  field('lastName', 'lastName'),
  field('managerName', 'fullName', managerOf),
];
const EMAIL: readonly PersonalField[] = [field('email', 'email')];
const ENTRY: readonly PersonalField[] = [
  field('firstName', 'firstName'),
  field('lastName', 'lastName'),
  field('managerName', 'fullName', managerOf),
  field('notes', 'text'),
  field('customFields.*', 'text'),
];
const TARGET: readonly PersonalField[] = [field('reason', 'text')];

const NONE: readonly PersonalField[] = [];

/**
 * The personal fields of every event type (none for most): the compiler refuses this map when a
 * feature adds a type, so each new event is judged personal or not once, here.
 */
export const PERSONAL_FIELDS: { readonly [Type in ProductEventType]: readonly PersonalField[] } = {
  UserRegistered: PROFILE,
  UserCreated: PROFILE,
  UserUpdated: [
    field('changes.email', 'email'),
    field('changes.firstName', 'firstName'),
    field('changes.lastName', 'lastName'),
    field('changes.managerName', 'fullName', changedManagerOf),
  ],
  UserDeleted: EMAIL,
  UserDeactivated: NONE,
  UserReactivated: NONE,
  PersonErased: NONE,
  // Credentials (hashes) are never shown; they are no one's name, address or text.
  PasswordChanged: NONE,
  TemporaryPasswordSet: NONE,
  PasswordResetRequested: NONE,
  PasswordResetCompleted: NONE,
  UserLoggedIn: NONE,
  UserLoggedOut: NONE,
  UserLoggedOutEverywhere: NONE,
  PersonalDataExported: NONE,
  // The person's id at the provider (an e-mail address at some).
  SsoIdentityLinked: [field('subject', 'text')],
  EmailConfirmationIssued: NONE,
  EmailConfirmed: EMAIL,
  AccountClaimed: NONE,
  PlacementConfirmed: NONE,
  SecondFactorEnabled: NONE,
  SecondFactorCodeUsed: NONE,
  RecoveryCodeUsed: NONE,
  SecondFactorDisabled: NONE,
  // The organisation's, not a person's.
  DepartmentCreated: NONE,
  DepartmentRenamed: NONE,
  DepartmentDeleted: NONE,
  EmailReserved: EMAIL,
  EmailReleased: EMAIL,
  DepartmentNameReserved: NONE,
  DepartmentNameReleased: NONE,
  EntryLogged: ENTRY,
  EntryEdited: ENTRY,
  EntryDeleted: NONE,
  // A certificate's file name often carries the person's name: the entry owner's (decision 039).
  EvidenceAttached: [field('name', 'text')],
  EvidenceRemoved: NONE,
  FormFieldAdded: NONE,
  FormFieldEdited: NONE,
  FormFieldDeleted: NONE,
  FormFieldReordered: NONE,
  FormFieldOptionAdded: NONE,
  FormFieldOptionEdited: NONE,
  FormFieldOptionDeleted: NONE,
  FormFieldNameReserved: NONE,
  FormFieldNameReleased: NONE,
  YearlyTargetCreated: NONE,
  YearlyTargetUpdated: NONE,
  UserTargetCreated: TARGET,
  UserTargetUpdated: TARGET,
  // A reminder switch is a preference, not a name, address or text.
  OrganisationNotificationSwitched: NONE,
  PersonNotificationSwitched: NONE,
  // A connected system's name and key are the system's, no one's personal data.
  XapiClientCreated: NONE,
  XapiClientEnabled: NONE,
  XapiClientDisabled: NONE,
  XapiClientDeleted: NONE,
  XapiClientTrainingRulesSet: NONE,
};

/**
 * Streams whose name holds personal data after this prefix (`email-<address>`): the store names
 * them by a keyed hash of the rest instead.
 */
export const PERSONAL_STREAM_PREFIXES = ['email-'] as const;

/** What a person's name reads as once they are erased. */
export const erasedPersonName = (userId: number) => `Erased person #${userId}`;

/** Whether a person as a read model shows them was erased (their names read as the placeholders). */
export const isErasedPerson = (person: { id: number; firstName: string; lastName: string }) =>
  person.firstName === erasedValue('firstName', person.id) && person.lastName === erasedValue('lastName', person.id);

/** Free text of an erased person. */
export const ERASED_TEXT = '[erased]';

/** What a personal value of `kind` reads as once its owner is erased. */
export function erasedValue(kind: PersonalKind, ownerId: number): string {
  switch (kind) {
    case 'firstName':
      return 'Erased';
    case 'lastName':
      return `person #${ownerId}`;
    case 'fullName':
      return erasedPersonName(ownerId);
    case 'email':
      return `erased-person-${ownerId}@erased.invalid`;
    case 'text':
      return ERASED_TEXT;
  }
}

/** One personal value found in an event's data: where it is (`holder[key]`), its kind and owner. */
export interface PersonalValue {
  holder: Record<string, unknown>;
  key: string;
  kind: PersonalKind;
  ownerId: number;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The objects a dotted path's parent leads to in `data` (several under a `*`), with the last key. */
function holdersOf(data: Record<string, unknown>, path: string): Array<[Record<string, unknown>, string]> {
  const keys = path.split('.');
  let holders = [data];
  for (const key of keys.slice(0, -1)) {
    holders = holders.flatMap((holder) => {
      if (key === '*') return Object.values(holder).filter(isRecord);
      const next = holder[key];
      return isRecord(next) ? [next] : [];
    });
  }
  const last = keys.at(-1)!;
  return holders.flatMap((holder) =>
    last === '*' ? Object.keys(holder).map((key): [Record<string, unknown>, string] => [holder, key]) : [[holder, last]],
  );
}

/**
 * Every personal value present in an event's data (null and absent ones are none), for the codec
 * to replace in place; the data must be the codec's own copy.
 */
export function personalValuesOf(type: string, data: unknown): PersonalValue[] {
  const fields = (PERSONAL_FIELDS as Readonly<Record<string, readonly PersonalField[] | undefined>>)[type];
  if (!fields || !isRecord(data)) return [];
  return fields.flatMap((personal) => {
    const ownerId = personal.ownerOf(data);
    if (ownerId === null || ownerId === undefined) return [];
    return holdersOf(data, personal.path)
      .filter(([holder, key]) => key in holder && holder[key] !== null && holder[key] !== undefined)
      .map(([holder, key]) => ({ holder, key, kind: personal.kind, ownerId }));
  });
}
