import type { Statement } from './xapi-statement-rules';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The `format` parameter of `GET /statements`. */
export type StatementFormat = 'exact' | 'ids' | 'canonical';

const IFIS = ['mbox', 'mbox_sha1sum', 'openid', 'account'];

function actorIds(actor: unknown): unknown {
  if (!isObject(actor)) return actor;
  const ids: Json = {};
  if (actor.objectType !== undefined) ids.objectType = actor.objectType;
  for (const key of IFIS) if (actor[key] !== undefined) ids[key] = actor[key];
  if (actor.objectType === 'Group' && !IFIS.some((key) => actor[key] !== undefined) && Array.isArray(actor.member)) {
    ids.member = actor.member.map(actorIds);
  }
  return ids;
}

function objectIds(object: unknown): unknown {
  if (!isObject(object)) return object;
  if (object.objectType === 'Agent' || object.objectType === 'Group') return actorIds(object);
  if (object.objectType === 'SubStatement') return statementIds(object);
  if (object.objectType === 'StatementRef') return object;
  return { id: object.id };
}

function contextIds(context: unknown): unknown {
  if (!isObject(context)) return context;
  const ids: Json = { ...context };
  if (context.instructor !== undefined) ids.instructor = actorIds(context.instructor);
  if (context.team !== undefined) ids.team = actorIds(context.team);
  if (isObject(context.contextActivities)) {
    ids.contextActivities = Object.fromEntries(
      Object.entries(context.contextActivities).map(([kind, list]) => [
        kind,
        Array.isArray(list) ? list.map(objectIds) : objectIds(list),
      ]),
    );
  }
  return ids;
}

/** `format=ids`: agents and groups by their identifiers, activities and verbs by id only. */
function statementIds(statement: Json): Json {
  const ids: Json = { ...statement, actor: actorIds(statement.actor), object: objectIds(statement.object) };
  if (isObject(statement.verb)) ids.verb = { id: statement.verb.id };
  if (statement.authority !== undefined) ids.authority = actorIds(statement.authority);
  if (statement.context !== undefined) ids.context = contextIds(statement.context);
  return ids;
}

/** The entry of a language map the reader asked for (`Accept-Language`), else `en`, else the first. */
function pickLanguage(map: Json, languages: readonly string[]): Json {
  const keys = Object.keys(map);
  for (const wanted of languages) {
    const exact = keys.find((key) => key.toLowerCase() === wanted);
    if (exact) return { [exact]: map[exact] };
    const prefix = keys.find((key) => key.toLowerCase().split('-')[0] === wanted.split('-')[0]);
    if (prefix) return { [prefix]: map[prefix] };
  }
  const fallback = keys.find((key) => key.toLowerCase().startsWith('en')) ?? keys[0];
  return fallback === undefined ? {} : { [fallback]: map[fallback] };
}

const LANGUAGE_MAPS = new Set(['display', 'name', 'description']);

function canonical(value: unknown, languages: readonly string[], key = ''): unknown {
  if (Array.isArray(value)) return value.map((item) => canonical(item, languages));
  if (!isObject(value)) return value;
  if (LANGUAGE_MAPS.has(key) && Object.values(value).every((item) => typeof item === 'string'))
    return pickLanguage(value, languages);
  return Object.fromEntries(
    Object.entries(value).map(([name, item]) => [name, name === 'extensions' ? item : canonical(item, languages, name)]),
  );
}

/** The languages of an `Accept-Language` header, most wanted first. */
export function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((param) => /^\s*q=([0-9.]+)/.exec(param)?.[1]).find(Boolean);
      return { tag: tag!.trim().toLowerCase(), q: q === undefined ? 1 : Number(q) };
    })
    .filter((language) => language.tag !== '' && language.tag !== '*' && language.q > 0)
    .sort((a, b) => b.q - a.q)
    .map((language) => language.tag);
}

/** A stored statement as the reader asked for it. */
export function formatStatement(statement: Statement, format: StatementFormat, languages: readonly string[]): Statement {
  if (format === 'ids') return statementIds(statement);
  if (format === 'canonical') return canonical(statement, languages) as Statement;
  return statement;
}
