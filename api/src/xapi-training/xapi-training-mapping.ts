import { createHash } from 'node:crypto';
import {
  entryInputSchema,
  HOURS_STEP,
  NOTES_MAX_LENGTH,
  SHORT_TEXT_MAX_LENGTH,
  XAPI_TRAINING_MESSAGES as M,
  type ValidEntry,
  type XapiTrainingRules,
  type XapiTrainingType,
  type XapiUnmatchedReason,
} from '@tht/contracts';

/**
 * How an xAPI statement becomes a training entry (issue #32, section 2; decision 045), as pure
 * functions: the statement and its system's rules say whether it is training and what the entry
 * holds; the person its actor names (found by the caller) says whose entry it is, or why none.
 */

type Json = Record<string, unknown>;

/** A connected system as the mapping needs it. */
export interface TrainingSystem {
  id: string;
  name: string;
  trainingType: XapiTrainingType;
  rules: XapiTrainingRules;
}

/**
 * The one key an actor is matched by: `email:<address>` (an `mbox`, or an `account` whose name is
 * the address), `sha1:<hex>` (an `mbox_sha1sum`); null when the actor names no one the product
 * can find (an `openid`, an account whose name is no address, a group without an identifier).
 */
export type PersonKey = string;

/** What a training statement says, before its person is known. */
export interface Training {
  personKey: PersonKey | null;
  /** The actor as sent, for the unmatched list: `mailto:…`, an account's name or `sha1:<sum>`. */
  actor: string;
  verb: string;
  activityId: string;
  trainingName: string;
  /** The statement's `timestamp` as written (the LRS sets it to `stored` when the system sent none). */
  timestamp: string;
  date: string;
  hours: number;
}

/** The account a person key found: active or deactivated. */
export interface Person {
  userId: number;
  firstName: string;
  lastName: string;
  managerName: string;
  department: string;
  deactivated: boolean;
}

export type Mapping =
  | { kind: 'entry'; userId: number; input: ValidEntry }
  | { kind: 'unmatched'; reason: XapiUnmatchedReason; message: string; userId: number | null };

const textOf = (value: unknown): string => (typeof value === 'string' ? value : '');

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

const ISO_DURATION =
  /^P(?:(\d+(?:[.,]\d+)?)Y)?(?:(\d+(?:[.,]\d+)?)M)?(?:(\d+(?:[.,]\d+)?)W)?(?:(\d+(?:[.,]\d+)?)D)?(?:T(?:(\d+(?:[.,]\d+)?)H)?(?:(\d+(?:[.,]\d+)?)M)?(?:(\d+(?:[.,]\d+)?)S)?)?$/;
/** Hours per designator of an ISO 8601 duration; a year and a month have no fixed length: 365 and 30 days. */
const HOURS_PER = [365 * 24, 30 * 24, 7 * 24, 24, 1, 1 / 60, 1 / 3600];

/** The hours of an ISO 8601 duration (`PT1H30M` is 1.5), or null when it is none. */
export function durationHours(duration: unknown): number | null {
  if (typeof duration !== 'string') return null;
  const match = ISO_DURATION.exec(duration.trim());
  if (!match || duration.trim() === 'P' || duration.trim().endsWith('T')) return null;
  return match
    .slice(1)
    .reduce((hours, part, i) => (part === undefined ? hours : hours + Number(part.replace(',', '.')) * HOURS_PER[i]!), 0);
}

/** Hours rounded to the nearest step of 0.25 (SPEC's step). */
export const roundToStep = (hours: number) => Math.round(hours / HOURS_STEP) * HOURS_STEP;

const firstLanguage = (map: Json, ...languages: string[]): string | undefined => {
  for (const language of languages) {
    const found = Object.keys(map).find((key) => key.toLowerCase() === language.toLowerCase());
    if (found !== undefined && typeof map[found] === 'string' && map[found].trim() !== '') return map[found];
  }
  return Object.values(map).find((value): value is string => typeof value === 'string' && value.trim() !== '');
};

/**
 * The activity's name: `en-US`, else `en`, else its first language (the product keeps no language
 * per person, so every person gets the same name); else the activity id.
 */
export function activityName(object: Json): string {
  const definition = isObject(object.definition) ? object.definition : {};
  const name = isObject(definition.name) ? firstLanguage(definition.name, 'en-US', 'en') : undefined;
  return (name ?? String(object.id)).trim();
}

const sha1Hex = (text: string) => createHash('sha1').update(text, 'utf8').digest('hex');

/** The key an e-mail address is matched by (the product keeps addresses lower-case). */
export const emailKey = (email: string): PersonKey => `email:${email.trim().toLowerCase()}`;

/** The keys of `mbox_sha1sum`s a person's address may be sent as: of `mailto:<address>` as stored, and lower-cased. */
export const sha1KeysOf = (email: string): PersonKey[] => [
  ...new Set([`sha1:${sha1Hex(`mailto:${email}`)}`, `sha1:${sha1Hex(`mailto:${email.toLowerCase()}`)}`]),
];

const LOOKS_LIKE_EMAIL = /^[^\s@]+@[^\s@]+$/;

/** The actor's key and how it was sent. */
export function actorOf(actor: unknown): { personKey: PersonKey | null; shown: string } {
  if (!isObject(actor)) return { personKey: null, shown: '' };
  if (typeof actor.mbox === 'string') {
    return { personKey: emailKey(actor.mbox.replace(/^mailto:/i, '')), shown: actor.mbox };
  }
  if (typeof actor.mbox_sha1sum === 'string') {
    const sum = actor.mbox_sha1sum.toLowerCase();
    return { personKey: `sha1:${sum}`, shown: `sha1:${sum}` };
  }
  if (isObject(actor.account) && typeof actor.account.name === 'string') {
    const { name } = actor.account;
    return { personKey: LOOKS_LIKE_EMAIL.test(name.trim()) ? emailKey(name) : null, shown: name };
  }
  return { personKey: null, shown: textOf(actor.openid) || textOf(actor.name) };
}

/**
 * The training a statement reports under its system's rules, or null when it is none: its verb is
 * not one of the rules', its object is no activity, or it has neither `result.duration` nor the
 * system's default hours. The date is the `timestamp`'s own calendar date as written.
 */
export function trainingOf(statement: Json, rules: XapiTrainingRules): Training | null {
  const verb = isObject(statement.verb) ? String(statement.verb.id) : '';
  if (!rules.verbs.includes(verb)) return null;
  const object = statement.object;
  if (!isObject(object) || (object.objectType !== undefined && object.objectType !== 'Activity')) return null;
  const result = isObject(statement.result) ? statement.result : {};
  const duration = durationHours(result.duration);
  const hours = duration === null ? rules.defaultHours : roundToStep(duration);
  if (hours === null) return null;
  const { personKey, shown } = actorOf(statement.actor);
  return {
    personKey,
    actor: shown,
    verb,
    activityId: String(object.id),
    trainingName: activityName(object).slice(0, SHORT_TEXT_MAX_LENGTH),
    timestamp: textOf(statement.timestamp),
    date: textOf(statement.timestamp).slice(0, 10),
    hours,
  };
}

/** The entry's notes: the activity it reports. */
export const notesOf = (training: Pick<Training, 'activityId'>) =>
  `xAPI activity: ${training.activityId}`.slice(0, NOTES_MAX_LENGTH);

/**
 * Whose entry a training statement becomes, and with what: the person's names, manager and
 * department as their account has them now, the system's name and type, no rating. Unmatched when
 * no person has the actor's key, the person is deactivated, or the entry rules refuse the entry
 * (an hour count beyond the largest, a date outside 1901-2099, unsafe text: the rule's message).
 */
export function mapTraining(training: Training, system: TrainingSystem, person: Person | null): Mapping {
  if (!person) return { kind: 'unmatched', reason: 'unknown-person', message: M.unknownPerson, userId: null };
  if (person.deactivated) {
    return { kind: 'unmatched', reason: 'deactivated-person', message: M.deactivatedPerson, userId: person.userId };
  }
  const parsed = entryInputSchema.safeParse({
    firstName: person.firstName,
    lastName: person.lastName,
    trainingName: training.trainingName,
    date: training.date,
    hours: training.hours,
    managerName: person.managerName,
    department: person.department,
    trainingType: system.trainingType,
    courseGivenBy: system.name,
    notes: notesOf(training),
    rating: 0,
    beInnovative: false,
    validUntil: null,
  });
  if (!parsed.success) {
    return { kind: 'unmatched', reason: 'refused', message: parsed.error.issues[0]!.message, userId: person.userId };
  }
  return { kind: 'entry', userId: person.userId, input: parsed.data };
}
