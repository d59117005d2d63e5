import { z } from 'zod';
import type { CredentialField } from '../events/credentials';
import { actingUserId, connectedSystemActor, DIRECTORY_ACTOR, isVisitorAct, SIGNED_OUT_VISITOR } from './actors';
import { AUDIT_MESSAGES as M } from './messages';

/** The records whose history can be read: `GET /api/history/{kind}/{id}`. */
export const HISTORY_KINDS = [
  'entries',
  'users',
  'user-targets',
  'yearly-targets',
  'departments',
  'form-fields',
  'fiscal-years',
  'xapi-clients',
] as const;
export type HistoryKind = (typeof HISTORY_KINDS)[number];
export const historyKindSchema = z.enum(HISTORY_KINDS, { error: M.unknownKind });

/**
 * The id in the address: a number for entries, users, departments and form fields; the year for
 * yearly targets and fiscal years (one record per year, the address the targets API uses);
 * `<userId>-<year>` for a person's target; and the uuid of a connected system.
 */
export type HistoryRecordKey =
  | { kind: Exclude<HistoryKind, 'user-targets' | 'xapi-clients'>; id: number }
  | { kind: 'user-targets'; userId: number; year: number }
  | { kind: 'xapi-clients'; clientId: string };

export function parseHistoryKey(kind: HistoryKind, id: string): HistoryRecordKey | null {
  if (kind === 'user-targets') {
    const match = /^([1-9]\d{0,9})-(\d{4})$/.exec(id);
    return match ? { kind, userId: Number(match[1]), year: Number(match[2]) } : null;
  }
  if (kind === 'xapi-clients') {
    return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id) ? { kind, clientId: id.toLowerCase() } : null;
  }
  return /^[1-9]\d{0,9}$/.test(id) ? { kind, id: Number(id) } : null;
}

export const historyValueSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export type HistoryValue = z.infer<typeof historyValueSchema>;

/** One field's change; a secret (a password) shows only that it changed. */
export const fieldChangeSchema = z.union([
  z.object({ field: z.string(), before: historyValueSchema, after: historyValueSchema }),
  z.object({ field: z.string(), secret: z.literal(true), text: z.string() }),
]);
export type FieldChange = z.infer<typeof fieldChangeSchema>;

export const historyItemSchema = z.object({
  /** Global log position of the event (opaque, ordered). */
  position: z.string(),
  at: z.string(),
  actor: z.object({ id: z.number().int().nullable(), name: z.string().nullable() }),
  event: z.string(),
  changes: z.array(fieldChangeSchema),
});
export type HistoryItem = z.infer<typeof historyItemSchema>;

export const recordHistorySchema = z.object({
  kind: historyKindSchema,
  id: z.string(),
  items: z.array(historyItemSchema),
});
export type RecordHistory = z.infer<typeof recordHistorySchema>;

export type Snapshot = Readonly<Record<string, HistoryValue>>;

/** A stored event as the history needs it. */
export interface HistoryEvent {
  type: string;
  data: unknown;
  globalPosition: string;
  metadata: { actorId: string | null; actorKind?: 'directory' | 'connected-system'; actorName?: string; occurredAt: string };
}

/** The credential fields of events: never shown, only named as changed (field shown, text). */
const SECRET_FIELDS: Readonly<Record<CredentialField, readonly [string, string]>> = {
  passwordHash: ['password', M.passwordChanged],
  tokenHash: ['password reset link', M.resetLinkIssued],
  confirmationHash: ['e-mail confirmation link', M.confirmationLinkSent],
  encryptedSecret: ['authenticator key', M.authenticatorKeySet],
  recoveryCodeHashes: ['recovery codes', M.recoveryCodesIssued],
  recoveryCodeHash: ['recovery code', M.recoveryCodeUsed],
};
const secretField = (field: string) => (SECRET_FIELDS as Readonly<Record<string, readonly [string, string]>>)[field];
/** Keys that identify the record, the actor or a sign-in session rather than describe the record. */
const IDENTITY_FIELDS = new Set([
  'entryId',
  'fieldId',
  'departmentId',
  'clientId',
  'yearlyTargetId',
  'userTargetId',
  'setBy',
  'previousName',
  'sessionId',
  'sessionExpiresAt',
  'timeStep',
]);

const isHistoryValue = (value: unknown): value is HistoryValue =>
  value === null || ['string', 'number', 'boolean'].includes(typeof value);

/**
 * The record's describing fields from an event's data, flat: nested objects (an entry's custom
 * fields, a user change set) become `parent.child`; ids and the actor are left out; secrets are
 * kept under their own name, to be shown only as changed.
 */
export function flattenFields(data: unknown, prefix = ''): Record<string, HistoryValue> {
  const fields: Record<string, HistoryValue> = {};
  if (typeof data !== 'object' || data === null) return fields;
  for (const [key, value] of Object.entries(data)) {
    if (!prefix && IDENTITY_FIELDS.has(key)) continue;
    const name = prefix + key;
    if (isHistoryValue(value)) fields[name] = value;
    else if (Array.isArray(value)) fields[name] = value.join(', ');
    else Object.assign(fields, flattenFields(value, `${name}.`));
  }
  return fields;
}

/** A top-level field of `flattenFields(data)`, without flattening the rest (undefined when absent or nested). */
function topLevelField(data: unknown, field: string): HistoryValue | undefined {
  if (typeof data !== 'object' || data === null || IDENTITY_FIELDS.has(field) || !Object.hasOwn(data, field)) return undefined;
  const value = (data as Record<string, unknown>)[field];
  if (isHistoryValue(value)) return value;
  return Array.isArray(value) ? value.join(', ') : undefined;
}

/** Every field whose value differs, in the order the fields first appear; secrets only as changed. */
export function fieldChanges(before: Snapshot, after: Snapshot): FieldChange[] {
  const names = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return names.flatMap((field): FieldChange[] => {
    const [old, now] = [before[field] ?? null, after[field] ?? null];
    if (old === now) return [];
    const secret = secretField(field);
    if (secret) return [{ field: secret[0], secret: true, text: secret[1] }];
    return [{ field, before: old, after: now }];
  });
}

/** The record's fields after `event`, from those before it. Events that only mark (deleted, signed in) change none. */
export function evolveSnapshot(before: Snapshot, event: Pick<HistoryEvent, 'type' | 'data'>): Snapshot {
  const data = (event.data ?? {}) as Record<string, unknown>;
  switch (event.type) {
    case 'EntryLogged':
    case 'EntryEdited': {
      // Whose the manager name is (its account, decision 038) is the server's bookkeeping, not a field of the entry.
      const { managerId: _managerId, ...entry } = data;
      return { ...flattenFields(entry), ...evidenceFieldsOf(before) };
    }
    // An entry's files, one field each (`evidence 12`: its name), kept by the entry's edits.
    case 'EvidenceAttached':
      return { ...before, [evidenceField(data)]: String(data.name) };
    case 'EvidenceRemoved':
      return { ...before, [evidenceField(data)]: null };
    case 'YearlyTargetCreated':
    case 'YearlyTargetUpdated':
    case 'UserTargetCreated':
    case 'UserTargetUpdated':
      return flattenFields(data); // the whole record after the change
    case 'UserUpdated':
      return { ...before, ...flattenFields(fieldsStated(event)) };
    case 'FormFieldOptionAdded':
    case 'FormFieldOptionEdited':
      return { ...before, [optionField(data)]: `${String(data.label)} (${String(data.value)})` };
    case 'FormFieldOptionDeleted':
      return { ...before, [optionField(data)]: null };
    default:
      return { ...before, ...flattenFields(data) };
  }
}

const OPTION_EVENT_TYPES = new Set(['FormFieldOptionAdded', 'FormFieldOptionEdited', 'FormFieldOptionDeleted']);

/** What `evolveSnapshot` flattens into the record's fields: a change set for `UserUpdated`; nothing for option events (their fields are named after the option). */
function fieldsStated(event: Pick<HistoryEvent, 'type' | 'data'>): unknown {
  if (OPTION_EVENT_TYPES.has(event.type)) return null;
  const data = event.data as Record<string, unknown> | null | undefined;
  return event.type === 'UserUpdated' ? data?.changes : data;
}

/**
 * `evolveSnapshot({}, event)[field]` for a top-level field (undefined when the event does not
 * state it), without flattening the whole event: the record-names projector asks this of every
 * event of a replay.
 */
export function statedField(event: Pick<HistoryEvent, 'type' | 'data'>, field: string): HistoryValue | undefined {
  return topLevelField(fieldsStated(event), field);
}

const optionField = (data: Record<string, unknown>) => `option ${String(data.optionId)}`;

const EVIDENCE_FIELD_PREFIX = 'evidence ';
const evidenceField = (data: Record<string, unknown>) => `${EVIDENCE_FIELD_PREFIX}${String(data.evidenceId)}`;
const evidenceFieldsOf = (snapshot: Snapshot): Snapshot =>
  Object.fromEntries(Object.entries(snapshot).filter(([field]) => field.startsWith(EVIDENCE_FIELD_PREFIX)));

/** Who caused the event (see `actingUserId`): their id and name (from `names`); no id for the system, the directory or a signed-out visitor. */
export function eventActor(
  event: Pick<HistoryEvent, 'type' | 'data' | 'metadata'>,
  names: ReadonlyMap<number, string>,
): HistoryItem['actor'] {
  const id = actingUserId(event);
  if (id !== null) return { id, name: names.get(id) ?? null };
  if (event.metadata.actorKind === 'directory') return { id: null, name: DIRECTORY_ACTOR };
  if (event.metadata.actorKind === 'connected-system')
    return { id: null, name: connectedSystemActor(event.metadata.actorName ?? '') };
  return { id: null, name: isVisitorAct(event) ? SIGNED_OUT_VISITOR : null };
}

/**
 * A record's history from its events, oldest first: per event the time, the actor (named from
 * `names`), the event type and the fields it changed.
 */
export function historyItems(events: readonly HistoryEvent[], names: ReadonlyMap<number, string>): HistoryItem[] {
  let snapshot: Snapshot = {};
  return events.map((event) => {
    const after = evolveSnapshot(snapshot, event);
    const changes = fieldChanges(snapshot, after);
    snapshot = after;
    return {
      position: event.globalPosition,
      at: event.metadata.occurredAt,
      actor: eventActor(event, names),
      event: event.type,
      changes,
    };
  });
}

/** `EntryEdited` -> `entry edited`. */
export const eventInWords = (type: string) => type.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();

/** `trainingName` -> `training name`; a custom field by its name: `customFields.venue` -> `venue`. */
export const fieldInWords = (field: string) => eventInWords(field.replace(/^customFields\./, ''));

const shown = (value: HistoryValue) => (value === null || value === '' ? '(empty)' : String(value));

/** `hours 2 -> 3.5`, `set hours to 2`, or a secret's text. */
export function describeFieldChange(change: FieldChange): string {
  if ('secret' in change) return change.text;
  const field = fieldInWords(change.field);
  if (change.before === null) return `set ${field} to ${shown(change.after)}`;
  if (change.after === null) return `removed ${field} (was ${shown(change.before)})`;
  return `changed ${field} ${shown(change.before)} -> ${shown(change.after)}`;
}

/** No field changed, or only fields set for the first time (a creation). */
function isCreationOrMark(item: HistoryItem): boolean {
  const shownChanges = item.changes.filter((change) => !('secret' in change));
  return (
    item.changes.length === 0 ||
    (shownChanges.length > 0 && shownChanges.every((change) => 'before' in change && change.before === null))
  );
}

/**
 * "Ann Lee changed hours 2 -> 3.5"; an event that creates the record or changes no field reads
 * by its name: "Ann Lee: entry logged" (the time is formatted by the screen, in the reader's zone).
 */
export function describeHistoryItem(item: HistoryItem): string {
  const actor = item.actor.name ?? (item.actor.id === null ? 'The system' : `User ${item.actor.id}`);
  if (isCreationOrMark(item)) return `${actor}: ${eventInWords(item.event)}`;
  return `${actor} ${item.changes.map(describeFieldChange).join(', ')}`;
}

/** "12 Mar 2026 14:02" in `timeZone` (default: the reader's). */
export function formatHistoryTime(iso: string, timeZone?: string): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone,
  }).formatToParts(new Date(iso));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('day')} ${part('month')} ${part('year')} ${part('hour')}:${part('minute')}`;
}
