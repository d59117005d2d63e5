import {
  eventActor,
  evolveSnapshot,
  historyItems,
  type HistoryEvent,
  type PersonalDataDocument,
  type PersonalEmailConfirmation,
  type PersonalEntry,
  type PersonalPasswordReset,
  type PersonalProfile,
  type PersonalSession,
  type PersonalTarget,
  type RecordVersion,
  type Snapshot,
  PERSONAL_DATA_CSV_COLUMNS,
} from '@tht/contracts';
import type { UserRow } from 'projections';
import { csvHeader, csvLine, type Cell } from '../export';

/**
 * The assembly of a person's data (`GET /api/users/{id}/personal-data`), pure: what was read for
 * them (personal-data-queries.ts) in, the document out. Everything comes from the events and the
 * read models as the event store hands them over, so a person whose personal fields were erased
 * reads as the erasure left them, here as everywhere.
 */

/** A failed sign-in of the security log naming the account. */
export interface FailedSignInRow {
  at: string;
  reason: string;
  client: string;
}

export interface PersonalDataFacts {
  personId: number;
  exportedAt: string;
  /** Who downloads it (the person or an administrator). */
  exportedBy: number;
  /** The users read model's row; null once the account is deleted. */
  account: UserRow | null;
  /** The events of the person's stream (`user-<id>`), oldest first. */
  accountEvents: readonly HistoryEvent[];
  /** Each of the person's entries with the events of its stream, oldest first. */
  entries: readonly { id: number; events: readonly HistoryEvent[] }[];
  /** Each of the person's targets (one a year) with its events, oldest first. */
  targets: readonly { id: number; year: number; events: readonly HistoryEvent[] }[];
  failedSignIns: readonly FailedSignInRow[];
  /** Today's names of the people who acted in these events. */
  names: ReadonlyMap<number, string>;
}

const PRODUCT = 'Training Hours Tracker';

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** The record's own keys, left out of its versions: the record's id and its owner's (the person). */
const RECORD_KEYS = new Set(['entryId', 'userTargetId', 'userId']);

function recordFields(data: unknown): Record<string, unknown> {
  return Object.fromEntries(Object.entries((data ?? {}) as Record<string, unknown>).filter(([key]) => !RECORD_KEYS.has(key)));
}

/** Each event of a record as a version: the record's fields after it (an event carries the whole record; none after a deletion). */
function versionsOf(events: readonly HistoryEvent[], names: ReadonlyMap<number, string>): RecordVersion[] {
  return events.map((event, index) => ({
    version: index + 1,
    at: event.metadata.occurredAt,
    by: eventActor(event, names),
    event: event.type,
    fields: event.type.endsWith('Deleted') ? {} : recordFields(event.data),
  }));
}

function entryOf({ id, events }: PersonalDataFacts['entries'][number], names: ReadonlyMap<number, string>): PersonalEntry {
  const versions = versionsOf(events, names);
  return {
    id,
    current: versions.at(-1)?.fields ?? {},
    createdAt: events[0]?.metadata.occurredAt ?? '',
    updatedAt: events.at(-1)?.metadata.occurredAt ?? '',
    versions,
  };
}

function targetOf({ id, year, events }: PersonalDataFacts['targets'][number], names: ReadonlyMap<number, string>): PersonalTarget {
  const versions = versionsOf(events, names);
  return { id, year, current: versions.at(-1)?.fields ?? {}, versions };
}

const text = (snapshot: Snapshot, field: string) => {
  const value = snapshot[field];
  return value === undefined || value === null ? null : String(value);
};

/** Erased (decision 038: every personal field reads as erased), deactivated, or active. */
function statusOf(account: UserRow, accountEvents: readonly HistoryEvent[]): PersonalProfile['status'] {
  if (accountEvents.some((event) => event.type === 'PersonErased')) return 'erased';
  return account.deactivated_at === null ? 'active' : 'deactivated';
}

/** The account from its row; a deleted account (no row) as its events last stated it. */
function profileOf({ personId, account, accountEvents }: PersonalDataFacts): PersonalProfile {
  const lastSignIn = accountEvents.findLast((event) => event.type === 'UserLoggedIn')?.metadata.occurredAt ?? null;
  if (account) {
    return {
      id: account.id,
      name: `${account.first_name} ${account.last_name}`,
      email: account.email,
      firstName: account.first_name,
      lastName: account.last_name,
      role: account.role,
      department: account.department,
      managerId: account.manager_id,
      managerName: account.manager_name,
      status: statusOf(account, accountEvents),
      createdAt: iso(account.created_at),
      updatedAt: iso(account.updated_at),
      lastSignIn: iso(account.last_login),
      singleSignOn:
        account.sso_issuer === null || account.sso_subject === null
          ? null
          : { provider: account.sso_issuer, subject: account.sso_subject },
    };
  }
  const stated = accountEvents.reduce<Snapshot>(evolveSnapshot, {});
  const managerId = stated.managerId;
  const firstName = text(stated, 'firstName');
  const lastName = text(stated, 'lastName');
  return {
    id: personId,
    name: firstName === null ? null : `${firstName} ${lastName ?? ''}`.trim(),
    email: text(stated, 'email'),
    firstName,
    lastName,
    role: text(stated, 'role'),
    department: text(stated, 'department'),
    managerId: typeof managerId === 'number' ? managerId : null,
    managerName: text(stated, 'managerName'),
    status: 'deleted',
    createdAt: accountEvents[0]?.metadata.occurredAt ?? null,
    updatedAt: accountEvents.at(-1)?.metadata.occurredAt ?? null,
    lastSignIn,
    singleSignOn: null,
  };
}

/** How a sign-in was made: `password`, or the single sign-on provider (its issuer). */
const signInMethod = (data: unknown) => (data as { provider?: string }).provider ?? 'password';

/** Events that end every session of the account begun before them, and how the person would say it. */
const ENDS_EVERY_SESSION: Readonly<Record<string, string>> = {
  UserLoggedOutEverywhere: 'signed out everywhere',
  PasswordChanged: 'password changed',
  PasswordResetCompleted: 'password reset',
  TemporaryPasswordSet: 'temporary password set by an administrator',
  AccountClaimed: "account claimed by the address's owner",
  UserDeactivated: 'account deactivated',
  UserDeleted: 'account deleted',
};

/** The sign-in sessions from the account's events: each sign-in, and the event that ended it, if one did. */
export function sessionsOf(accountEvents: readonly HistoryEvent[]): PersonalSession[] {
  const sessions: (PersonalSession & { id: string | null })[] = [];
  const end = (session: PersonalSession, at: string, endedBy: string) => {
    if (session.endedAt !== null) return;
    session.endedAt = at;
    session.endedBy = endedBy;
  };
  for (const event of accountEvents) {
    const at = event.metadata.occurredAt;
    const data = event.data as { sessionId?: string; sessionLimit?: number };
    if (event.type === 'UserLoggedIn') {
      sessions.push({ id: data.sessionId ?? null, startedAt: at, method: signInMethod(data), endedAt: null, endedBy: null });
    } else if (event.type === 'UserLoggedOut') {
      const ended = data.sessionId === undefined ? sessions : sessions.filter((session) => session.id === data.sessionId);
      const how = data.sessionLimit === undefined ? 'signed out' : 'ended by a newer sign-in (too many sessions)';
      for (const session of ended) end(session, at, how);
    } else if (event.type in ENDS_EVERY_SESSION) {
      for (const session of sessions) end(session, at, ENDS_EVERY_SESSION[event.type]!);
    }
  }
  return sessions.map(({ id: _sessionId, ...session }) => session);
}

function passwordResetsOf(accountEvents: readonly HistoryEvent[], names: ReadonlyMap<number, string>): PersonalPasswordReset[] {
  return accountEvents
    .filter((event) => event.type === 'PasswordResetRequested')
    .map((event) => ({
      requestedAt: event.metadata.occurredAt,
      expiresAt: (event.data as { expiresAt: string }).expiresAt,
      requestedBy: eventActor(event, names),
    }));
}

function emailConfirmationsOf(accountEvents: readonly HistoryEvent[]): PersonalEmailConfirmation[] {
  return accountEvents.flatMap((event): PersonalEmailConfirmation[] => {
    const data = event.data as { email?: string; expiresAt?: string };
    const at = event.metadata.occurredAt;
    if (event.type === 'EmailConfirmationIssued')
      return [{ at, event: 'link sent', email: null, expiresAt: data.expiresAt ?? null }];
    if (event.type === 'EmailConfirmed') return [{ at, event: 'confirmed', email: data.email ?? null, expiresAt: null }];
    return [];
  });
}

/** The document of everything held about the person: one named section per kind of data. */
export function personalDataDocument(facts: PersonalDataFacts): PersonalDataDocument {
  const { personId, exportedAt, exportedBy, accountEvents, names } = facts;
  const sessions = sessionsOf(accountEvents);
  return {
    about: { product: PRODUCT, personId, exportedAt, exportedBy: { id: exportedBy, name: names.get(exportedBy) ?? null } },
    profile: profileOf(facts),
    accountHistory: historyItems(accountEvents, names),
    entries: facts.entries.map((entry) => entryOf(entry, names)),
    targets: facts.targets.map((target) => targetOf(target, names)),
    signIns: sessions.map(({ startedAt, method }) => ({ at: startedAt, method })),
    sessions,
    failedSignIns: facts.failedSignIns.map(({ at, reason, client }) => ({ at, reason, from: client })),
    passwordResets: passwordResetsOf(accountEvents, names),
    emailConfirmations: emailConfirmationsOf(accountEvents),
    dataDownloads: accountEvents
      .filter((event) => event.type === 'PersonalDataExported')
      .map((event) => ({
        at: event.metadata.occurredAt,
        format: (event.data as { format: string }).format,
        by: eventActor(event, names),
      })),
  };
}

type Line = readonly [section: string, record: string, field: string, value: Cell];

/** Every value under `value` with its dotted path (`versions.2.fields.hours`; list items from 1). */
function* leaves(value: unknown, path: string): Generator<[string, Cell]> {
  const under = (key: string) => (path === '' ? key : `${path}.${key}`);
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) yield* leaves(item, under(String(index + 1)));
  } else if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) yield* leaves(item, under(key));
  } else {
    yield [path, (value ?? null) as Cell];
  }
}

/** A section's lines: a record per item of a list (by its id, else its number), one record for an object; an empty section keeps one line. */
function* sectionLines(section: string, content: unknown): Generator<Line> {
  const records = Array.isArray(content) ? content : [content];
  if (records.length === 0) yield [section, '', '', null];
  for (const [index, record] of records.entries()) {
    const id = Array.isArray(content) ? String((record as { id?: number }).id ?? index + 1) : '';
    for (const [field, value] of leaves(record, '')) yield [section, id, field, value];
  }
}

/**
 * The document as one CSV: a line per value, `section,record,field,value`, the sections in the
 * document's order. Written by the export's CSV writer, so every text is neutralised the same way.
 */
export function personalDataCsv(document: PersonalDataDocument): string {
  const lines = Object.entries(document).flatMap(([section, content]) => [...sectionLines(section, content)]);
  return csvHeader(PERSONAL_DATA_CSV_COLUMNS) + lines.map(csvLine).join('');
}
