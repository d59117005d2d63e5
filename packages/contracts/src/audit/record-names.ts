import { departmentStream, userStream } from '../accounts/events';
import { fullName } from '../accounts/rules';
import { entryStream } from '../entries/events';
import { formFieldStream } from '../form-fields/events';
import { statedField } from './history';
import { xapiClientStream } from '../xapi/events';
import { AUDIT_LOG_KIND_LABELS, streamCategory, XAPI_CLIENT_CATEGORY, type AuditRecordKind } from './log';

/**
 * Records by their names as of an event: a person by first and last name, an entry by its training
 * name, a department by its name, a form field by its label, a connected system by its name. Each event that states a name adds its
 * naming fields to the record's stream (read model `record-names`); the name as of an event folds
 * those of the stream up to it. A person's target is named after the person, a fiscal year by its year.
 */
const NAMING_FIELDS: Readonly<Record<string, readonly string[]>> = {
  [streamCategory(userStream(1))]: ['firstName', 'lastName'],
  [streamCategory(entryStream(1))]: ['trainingName'],
  [streamCategory(departmentStream(1))]: ['name'],
  [streamCategory(formFieldStream(1))]: ['label'],
  [XAPI_CLIENT_CATEGORY]: ['name'],
};

export type NamingFields = Readonly<Record<string, string>>;

/** The naming fields `event` states of its stream's record (only those it states); null when none. */
export function namingFieldsOf(event: { streamName: string; type: string; data: unknown }): NamingFields | null {
  const names = NAMING_FIELDS[streamCategory(event.streamName)];
  if (!names) return null;
  let stated: Record<string, string> | null = null;
  for (const name of names) {
    const value = statedField(event, name);
    if (typeof value === 'string') (stated ??= {})[name] = value;
  }
  return stated;
}

/** A record's name from its naming fields (folded oldest first); null when they name nothing. */
export function nameFrom(fields: NamingFields): string | null {
  if (fields.firstName !== undefined || fields.lastName !== undefined)
    return fullName({ firstName: fields.firstName ?? '', lastName: fields.lastName ?? '' }).trim();
  return fields.trainingName ?? fields.name ?? fields.label ?? null;
}

/** The stream whose naming fields name a record of the audit log; null for those named by their id alone. */
export function namingStreamOf(kind: AuditRecordKind, recordId: string): string | null {
  const id = Number(recordId.split('-')[0]);
  switch (kind) {
    case 'users':
    case 'user-targets':
      return userStream(id);
    case 'entries':
      return entryStream(id);
    case 'departments':
      return departmentStream(id);
    case 'form-fields':
      return formFieldStream(id);
    case 'xapi-clients':
      return xapiClientStream(recordId);
    case 'fiscal-years':
      return null;
  }
}

/**
 * How the audit log names a record: by `name` (from its naming stream, as of the event), a person's
 * target as theirs and a year, a fiscal year by its year; by kind and id when no name is known.
 */
export function auditRecordName(kind: AuditRecordKind, recordId: string, name: string | null): string {
  if (kind === 'fiscal-years') return `Fiscal year ${recordId}`;
  if (name === null || name === '') return `${AUDIT_LOG_KIND_LABELS[kind]} ${recordId}`;
  return kind === 'user-targets' ? `Target of ${name} for ${recordId.split('-')[1]}` : name;
}
