import { z } from 'zod';
import type { HistoryItem } from '../audit/history';
import { blankAsUndefined, queryParametersSchema } from '../query-parameters';
import { isAdmin, type Person } from './policy';

/**
 * A person's copy of everything the product holds about them (GDPR articles 15 and 20):
 * `GET /api/users/{id}/personal-data?format=json|csv`, for the person themselves or an admin. Each
 * download is recorded on the person's stream (`PersonalDataExported`), so the audit log shows who
 * took a copy of whose data and when. See docs/decisions/037-personal-data-export.md.
 */

export const PERSONAL_DATA_FORMATS = ['json', 'csv'] as const;
export type PersonalDataFormat = (typeof PERSONAL_DATA_FORMATS)[number];

export const PERSONAL_DATA_MESSAGES = {
  badFormat: 'format must be json or csv',
  ownDataOnly: 'Only the person themselves or an administrator can download their personal data',
  downloadAs: (format: PersonalDataFormat) => `Download my data (${format.toUpperCase()})`,
  adminAction: 'Personal data',
  adminTitle: (name: string) => `Personal data of ${name}`,
  adminDescription:
    'Everything the product holds about this person, for their request to see or take their data. ' +
    'The download is recorded in the audit log under your name.',
  downloadFormat: (format: PersonalDataFormat) => `Download ${format.toUpperCase()}`,
} as const;

/** `?format=`: `json` (the default) or `csv`. */
export const personalDataQuerySchema = queryParametersSchema({
  format: z.preprocess(
    blankAsUndefined,
    z.enum(PERSONAL_DATA_FORMATS, { error: PERSONAL_DATA_MESSAGES.badFormat }).default('json'),
  ),
});

/** The person themselves, or an administrator (for a request made to the organisation). */
export const mayDownloadPersonalDataOf = (viewer: Person, personId: number) => viewer.id === personId || isAdmin(viewer);

export const PERSONAL_DATA_CONTENT_TYPES = {
  json: 'application/json; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
} as const satisfies Record<PersonalDataFormat, string>;

/** The download's name: `personal-data-user-7-2026-11-28.json` (the UTC day of the download). */
export const personalDataFileName = (personId: number, at: Date, format: PersonalDataFormat) =>
  `personal-data-user-${personId}-${at.toISOString().slice(0, 10)}.${format}`;

/** Who did something: a person by id and name, or (no id) the system, or a signed-out visitor by that name. */
export type PersonalDataActor = HistoryItem['actor'];

/** The account as it stands, or, for a deleted account, as its events last stated it. */
export interface PersonalProfile {
  id: number;
  /** The full name, as every screen shows it. */
  name: string | null;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  role: string | null;
  department: string | null;
  managerId: number | null;
  managerName: string | null;
  /** `erased`: every personal field reads as erased ("Erased person #id", decision 038). */
  status: 'active' | 'deactivated' | 'deleted' | 'erased';
  createdAt: string | null;
  updatedAt: string | null;
  lastSignIn: string | null;
  /** The organisation's sign-in service the account is linked to, and the person's id there. */
  singleSignOn: { provider: string; subject: string } | null;
}

/** One version of a record: when, by whom, the event, and the record's fields after it (none after a deletion). */
export interface RecordVersion {
  version: number;
  at: string;
  by: PersonalDataActor;
  event: string;
  fields: Record<string, unknown>;
}

export interface PersonalEntry {
  id: number;
  /** The entry as it stands: its fields, custom fields included. */
  current: Record<string, unknown>;
  createdAt: string;
  updatedAt: string;
  versions: RecordVersion[];
}

export interface PersonalTarget {
  id: number;
  year: number;
  current: Record<string, unknown>;
  versions: RecordVersion[];
}

export interface PersonalSignIn {
  at: string;
  /** `password`, or the issuer of the single sign-on. */
  method: string;
}

export interface PersonalSession {
  startedAt: string;
  method: string;
  /** When an event ended it (null: it ended by itself, SESSION_MAX_HOURS or idle, or is still open). */
  endedAt: string | null;
  endedBy: string | null;
}

export interface PersonalFailedSignIn {
  at: string;
  reason: string;
  /** The network address the attempt came from. */
  from: string;
}

export interface PersonalPasswordReset {
  requestedAt: string;
  expiresAt: string;
  requestedBy: PersonalDataActor;
}

export interface PersonalEmailConfirmation {
  at: string;
  event: 'link sent' | 'confirmed';
  email: string | null;
  expiresAt: string | null;
}

export interface PersonalDataDownload {
  at: string;
  format: string;
  by: PersonalDataActor;
}

/** The JSON document, one named section per kind of data; the CSV holds the same, a line per value. */
export interface PersonalDataDocument {
  about: { product: string; personId: number; exportedAt: string; exportedBy: PersonalDataActor };
  profile: PersonalProfile;
  /** Every event of the account, as its history shows it (credentials only named as changed). */
  accountHistory: HistoryItem[];
  entries: PersonalEntry[];
  targets: PersonalTarget[];
  signIns: PersonalSignIn[];
  sessions: PersonalSession[];
  failedSignIns: PersonalFailedSignIn[];
  passwordResets: PersonalPasswordReset[];
  emailConfirmations: PersonalEmailConfirmation[];
  dataDownloads: PersonalDataDownload[];
}

/** The CSV's columns: the section, the record in it (its id, else its number), the field (a dotted path) and its value. */
export const PERSONAL_DATA_CSV_COLUMNS = ['section', 'record', 'field', 'value'] as const;
