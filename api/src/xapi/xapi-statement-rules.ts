import { createHash } from 'node:crypto';
import * as rules from '@learninglocker/xapi-validation/dist/factory';
import type { XapiVersion } from './xapi-http';

/** A statement as JSON: an object whose fields the validation checked. */
export type Statement = Record<string, unknown> & { id?: string };
type Json = Record<string, unknown>;

export const VOIDED_VERB = 'http://adlnet.gov/expapi/verbs/voided';
export const SIGNATURE_USAGE = 'http://adlnet.gov/expapi/attachments/signature';

/** The statements one POST may carry (issue #32: a system may send 1,000 at once). */
export const MAX_STATEMENTS_PER_POST = 1000;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

interface Warning {
  path?: string[];
  typeName?: string;
  keys?: string[];
  name?: string;
}

/** One line per problem the validation found, e.g. `statement.actor.mbox: Mailto`. */
function describeWarnings(warnings: readonly Warning[]): string[] {
  return warnings.map((warning) => {
    const what = warning.typeName ?? (warning.keys ? `unknown ${warning.keys.join(', ')}` : (warning.name ?? 'invalid'));
    return `${(warning.path ?? []).join('.')}: ${what}`;
  });
}

const VERSION_1 = /^1\.0(\.[0-9]+)?$/;
const VERSION_2 = /^2\.0(\.[0-9]+)?$/;

/**
 * The problems of one statement as sent, none when it is valid for `version` (xAPI 1.0.3's Data
 * section, with 2.0's context agents and groups and version numbers when 2.0.0 was negotiated).
 */
export function statementProblems(statement: unknown, version: XapiVersion): string[] {
  if (!isObject(statement)) return ['statement: must be an object'];
  const checked: Json = { ...statement };
  const problems: string[] = [];
  if (typeof checked.version === 'string' && VERSION_2.test(checked.version)) {
    if (version !== '2.0.0') problems.push('statement.version: 2.0 statements need X-Experience-API-Version 2.0');
    checked.version = '1.0.0';
  } else if (checked.version !== undefined && !(typeof checked.version === 'string' && VERSION_1.test(checked.version))) {
    problems.push('statement.version: must be 1.0.x or 2.0.x');
    delete checked.version;
  }
  if (version === '2.0.0') {
    if (isObject(checked.context)) checked.context = withoutContextAgents(checked.context, problems);
    const object = checked.object;
    if (isObject(object) && object.objectType === 'SubStatement' && isObject(object.context)) {
      checked.object = { ...object, context: withoutContextAgents(object.context, problems) };
    }
  }
  problems.push(...describeWarnings(rules.statement(checked, ['statement'])));
  problems.push(...extraProblems(statement));
  return problems;
}

/** 2.0's `contextAgents` and `contextGroups`, checked here since the validation knows only 1.0.3. */
function withoutContextAgents(context: Json, problems: string[]): Json {
  const { contextAgents, contextGroups, ...rest } = context;
  checkContextRelations(contextAgents, 'contextAgents', 'agent', problems);
  checkContextRelations(contextGroups, 'contextGroups', 'group', problems);
  return rest;
}

function checkContextRelations(value: unknown, name: string, field: 'agent' | 'group', problems: string[]): void {
  if (value === undefined) return;
  if (!Array.isArray(value)) {
    problems.push(`statement.context.${name}: must be an array`);
    return;
  }
  value.forEach((item, index) => {
    const path = ['statement', 'context', name, String(index)];
    if (!isObject(item)) return void problems.push(`${path.join('.')}: must be an object`);
    const objectType = name === 'contextAgents' ? 'contextAgent' : 'contextGroup';
    for (const key of Object.keys(item)) {
      if (!['objectType', field, 'relevantTypes'].includes(key)) problems.push(`${path.join('.')}: unknown ${key}`);
    }
    if (item.objectType !== objectType) problems.push(`${path.join('.')}.objectType: must be ${objectType}`);
    const actorRule = field === 'agent' ? rules.agent : rules.group;
    problems.push(...describeWarnings(actorRule(item[field], [...path, field])));
    if (field === 'group' && isObject(item.group) && !hasIfi(item.group)) problems.push(`${path.join('.')}.group: needs an IFI`);
    if (item.relevantTypes !== undefined) {
      if (!Array.isArray(item.relevantTypes) || item.relevantTypes.length === 0) {
        problems.push(`${path.join('.')}.relevantTypes: must be a non-empty array`);
      } else {
        item.relevantTypes.forEach((type, i) =>
          problems.push(...describeWarnings(rules.iri(type, [...path, 'relevantTypes', String(i)]))),
        );
      }
    }
  });
}

/** What the validation leaves to the LRS: voiding needs a StatementRef, signatures' content type. */
function extraProblems(statement: Json): string[] {
  const problems: string[] = [];
  const verb = statement.verb;
  const object = statement.object;
  if (isObject(verb) && verb.id === VOIDED_VERB && !(isObject(object) && object.objectType === 'StatementRef')) {
    problems.push('statement.object: a voiding statement targets a StatementRef');
  }
  if (Array.isArray(statement.attachments)) {
    for (const attachment of statement.attachments) {
      if (
        isObject(attachment) &&
        attachment.usageType === SIGNATURE_USAGE &&
        attachment.contentType !== 'application/octet-stream'
      ) {
        problems.push('statement.attachments: a signature attachment has contentType application/octet-stream');
      }
    }
  }
  return problems;
}

function withActivityArrays(context: unknown): unknown {
  if (!isObject(context) || !isObject(context.contextActivities)) return context;
  const activities = Object.fromEntries(
    Object.entries(context.contextActivities).map(([kind, value]) => [kind, isObject(value) ? [value] : value]),
  );
  return { ...context, contextActivities: activities };
}

/**
 * A statement as stored: each context activity in an array, even a single one sent alone (xAPI
 * 1.0.3, Data 2.4.6.2 lets a system send one as an object). Anything not an object is left as sent.
 */
export function normalizeStatement(statement: unknown): unknown {
  if (!isObject(statement)) return statement;
  const normal: Json = { ...statement };
  if (normal.context !== undefined) normal.context = withActivityArrays(normal.context);
  if (isObject(normal.object) && normal.object.objectType === 'SubStatement' && normal.object.context !== undefined) {
    normal.object = { ...normal.object, context: withActivityArrays(normal.object.context) };
  }
  return normal;
}

export const hasIfi = (agent: Json) => ['mbox', 'mbox_sha1sum', 'openid', 'account'].some((key) => agent[key] !== undefined);

/** The key an agent or identified group is found by: its one inverse functional identifier. */
export function agentKey(agent: unknown): string | null {
  if (!isObject(agent)) return null;
  if (typeof agent.mbox === 'string') return `mbox:${agent.mbox.toLowerCase()}`;
  if (typeof agent.mbox_sha1sum === 'string') return `mbox_sha1sum:${agent.mbox_sha1sum.toLowerCase()}`;
  if (typeof agent.openid === 'string') return `openid:${agent.openid}`;
  if (isObject(agent.account)) return `account:${String(agent.account.homePage)}|${String(agent.account.name)}`;
  return null;
}

const isActor = (object: Json) => object.objectType === 'Agent' || object.objectType === 'Group';
const isActivity = (object: Json) => object.objectType === undefined || object.objectType === 'Activity';

function actorKeys(actor: unknown, withMembers: boolean): string[] {
  if (!isObject(actor)) return [];
  const keys = [agentKey(actor)];
  if (withMembers && Array.isArray(actor.member)) keys.push(...actor.member.map(agentKey));
  return keys.filter((key): key is string => key !== null);
}

function contextActivityIds(context: unknown): string[] {
  if (!isObject(context) || !isObject(context.contextActivities)) return [];
  return Object.values(context.contextActivities).flatMap((value) =>
    (Array.isArray(value) ? value : [value]).filter(isObject).map((activity) => String(activity.id)),
  );
}

function contextAgentKeys(context: unknown): string[] {
  if (!isObject(context)) return [];
  const keys = [...actorKeys(context.instructor, true), ...actorKeys(context.team, true)];
  if (Array.isArray(context.contextAgents))
    keys.push(...context.contextAgents.flatMap((item) => actorKeys(isObject(item) ? item.agent : null, false)));
  if (Array.isArray(context.contextGroups))
    keys.push(...context.contextGroups.flatMap((item) => actorKeys(isObject(item) ? item.group : null, true)));
  return keys;
}

/** What `GET /statements` filters a statement by (decision 044: one indexed column each). */
export interface StatementIndex {
  verbId: string;
  registration: string | null;
  /** The actor and an agent or group as object. */
  agents: string[];
  /** The above and every agent elsewhere: authority, instructor, team, group members, the sub-statement's. */
  relatedAgents: string[];
  /** The activity as object. */
  activities: string[];
  /** The above and the context's activities, the sub-statement's. */
  relatedActivities: string[];
  voidingTarget: string | null;
  /** The statement a StatementRef object targets (voiding or not): filters match through it (Communication 2.1.3). */
  refTarget: string | null;
}

const unique = (values: string[]) => [...new Set(values)];

export function indexOf(statement: Statement): StatementIndex {
  const object = isObject(statement.object) ? statement.object : {};
  const verbId = String((statement.verb as Json).id);
  const agents = [...actorKeys(statement.actor, false), ...(isActor(object) ? actorKeys(object, false) : [])];
  const relatedAgents = [
    ...actorKeys(statement.actor, true),
    ...(isActor(object) ? actorKeys(object, true) : []),
    ...actorKeys(statement.authority, true),
    ...contextAgentKeys(statement.context),
  ];
  const activities = isActivity(object) ? [String(object.id)] : [];
  const relatedActivities = [...activities, ...contextActivityIds(statement.context)];
  if (object.objectType === 'SubStatement') {
    const sub = isObject(object.object) ? object.object : {};
    relatedAgents.push(
      ...actorKeys(object.actor, true),
      ...(isActor(sub) ? actorKeys(sub, true) : []),
      ...contextAgentKeys(object.context),
    );
    if (isActivity(sub)) relatedActivities.push(String(sub.id));
    relatedActivities.push(...contextActivityIds(object.context));
  }
  const context = isObject(statement.context) ? statement.context : {};
  return {
    verbId,
    registration: typeof context.registration === 'string' ? context.registration.toLowerCase() : null,
    agents: unique(agents),
    relatedAgents: unique([...agents, ...relatedAgents]),
    activities: unique(activities),
    relatedActivities: unique(relatedActivities),
    voidingTarget: verbId === VOIDED_VERB ? String(object.id).toLowerCase() : null,
    refTarget: object.objectType === 'StatementRef' ? String(object.id).toLowerCase() : null,
  };
}

/** JSON with object keys sorted at every level: two statements with the same content give the same text. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (isObject(value)) {
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonicalJson(value[key])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

/** What makes two statements with one id the same: what the system sent, without what the LRS sets. */
export function contentDigest(statement: Statement): string {
  const { stored: _stored, authority: _authority, version: _version, ...content } = statement;
  return createHash('sha256').update(canonicalJson(content)).digest('hex');
}

/** The stored form: the id, stored time, authority, timestamp and version the LRS adds (Data 2.4). */
export function completeStatement(
  statement: Statement,
  added: { id: string; stored: string; authority: Json; version: XapiVersion },
): Statement {
  return {
    ...statement,
    id: added.id,
    timestamp: typeof statement.timestamp === 'string' ? statement.timestamp : added.stored,
    stored: added.stored,
    authority: added.authority,
    version: typeof statement.version === 'string' ? statement.version : added.version === '2.0.0' ? '2.0.0' : '1.0.0',
  };
}

/** Whether `value` is an agent or identified group this LRS can look up by (the `agent` parameter). */
export function agentParameterProblems(value: unknown): string[] {
  if (!isObject(value)) return ['agent: must be a JSON object'];
  const rule = value.objectType === 'Group' ? rules.group : rules.agent;
  const problems = describeWarnings(rule(value, ['agent']));
  if (agentKey(value) === null) problems.push('agent: needs an inverse functional identifier');
  return problems;
}

export const isUuid = (value: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

/** An RFC 3339 / ISO 8601 date and time with a time zone. */
export const isTimestamp = (value: string) =>
  (rules.timestamp(value, ['timestamp']) as unknown[]).length === 0 && !Number.isNaN(Date.parse(value));

export const isIri = (value: string) => (rules.iri(value, ['iri']) as unknown[]).length === 0;

export const isStatementObject = isObject;
