import { QUERY_MESSAGES, SAFE_TEXT_MESSAGES } from '@tht/contracts';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenApiDocument } from '../openapi/build-document';
import { createUserAndLogin, TEST_PASSWORD, type SignedInTestUser } from '../testing/accounts';
import { request, type JsonResponse, type RequestOptions } from '../testing/request';
import { startTestApp, type TestApp } from '../testing/test-app';

/**
 * Whatever a client sends (odd text, wrong shapes, huge values) the API answers 2xx or a 4xx with
 * `{error}`, never a 5xx, and a refusal appends nothing to the event log. The operations come from
 * the API description, which a test keeps complete, so a new route is probed here as well.
 */

let app: TestApp;
let operations: Operation[];
let admin: SignedInTestUser;
let employee: SignedInTestUser;
/** Signs out and changes its password when the fuzzing asks; its sign-in is renewed as needed. */
let sessionUser: SignedInTestUser & { email: string };
let victimIds: number[];
/** Known values for path and query parameters, by name, so the probes also reach existing records. */
let knownValues: Record<string, Array<string | number>>;

interface Operation {
  method: string;
  path: string;
  operationId: string;
  parameters: Array<{ name: string; in: 'path' | 'query' }>;
  bodyFields?: string[];
}

type Caller = 'admin' | 'employee' | 'anonymous' | 'session';

interface Probe {
  operation: Operation;
  caller: Caller;
  params: Record<string, unknown>;
  query: string;
  body: { json: unknown } | { raw: string } | undefined;
}

/** Stands for a value made unique when the probe is sent (names and e-mail addresses that must not exist yet). */
const FRESH = '<fresh>';
const FRESH_EMAIL = '<fresh-email>';

const NUMBER_OF_RUNS = 1200;

async function eventCount(): Promise<number> {
  return app.ctx.store.countAll!();
}

function operationsOf(document: OpenApiDocument): Operation[] {
  const schemas = (document as { components?: { schemas?: Record<string, { properties?: object }> } }).components?.schemas ?? {};
  return Object.entries(document.paths).flatMap(([path, byMethod]) =>
    Object.entries(byMethod as Record<string, Record<string, any>>).map(([method, operation]) => {
      const bodySchema = operation.requestBody?.content?.['application/json']?.schema as
        { $ref?: string; properties?: object } | undefined;
      const resolved = bodySchema?.$ref ? schemas[bodySchema.$ref.split('/').at(-1)!] : bodySchema;
      return {
        method,
        path,
        operationId: operation.operationId as string,
        parameters: (operation.parameters ?? []) as Operation['parameters'],
        ...(bodySchema ? { bodyFields: Object.keys(resolved?.properties ?? {}) } : {}),
      };
    }),
  );
}

/** An entry every caller may log for themself; `topic` is the select field made before the probes. */
const ENTRY = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  trainingName: 'Course',
  date: '2025-03-01',
  hours: 1.5,
  managerName: 'Boss',
  department: 'Engineering',
  trainingType: 'internal',
  courseGivenBy: 'Someone',
  rating: 4,
  beInnovative: false,
  notes: 'Notes',
  customFields: { topic: 'option_a' },
};

beforeAll(async () => {
  app = await startTestApp();
  const description = await request<OpenApiDocument>(app, 'GET', '/api/openapi.json');
  operations = operationsOf(description.body);
  admin = await createUserAndLogin(app, { role: 'admin' });
  employee = await createUserAndLogin(app, { managerId: admin.user.id });
  const sessionEmail = `session-user@${app.ctx.config.orgEmailDomain}`;
  sessionUser = { ...(await createUserAndLogin(app, { email: sessionEmail })), email: sessionEmail };
  const victims = await Promise.all([1, 2].map(() => createUserAndLogin(app, { managerId: admin.user.id })));
  victimIds = victims.map((victim) => victim.user.id);

  const as = (user: SignedInTestUser, method: string, path: string, body: unknown) =>
    request(app, method, path, { token: user.token, body });
  const field = await as(admin, 'POST', '/api/form-fields', { name: 'topic', label: 'Topic', type: 'select' });
  const option = await as(admin, 'POST', `/api/form-fields/${field.body.id}/options`, { label: 'Option A' });
  const department = await as(admin, 'POST', '/api/departments', { name: 'Research' });
  const entry = await as(employee, 'POST', '/api/entries', ENTRY);
  await as(admin, 'POST', '/api/yearly-targets', { year: 2025, targetHours: 40 });
  await as(admin, 'POST', '/api/user-targets', { userId: victimIds[0], year: 2025, targetHours: 10 });
  for (const response of [field, option, department, entry]) expect(response.status).toBe(201);

  knownValues = {
    id: [field.body.id, option.body.id, department.body.id, entry.body.id, ...victimIds, employee.user.id, 2_000_000],
    userId: [employee.user.id, admin.user.id, ...victimIds],
    year: [2025, 2026],
    email: [employee.user.email, `nobody@${app.ctx.config.orgEmailDomain}`],
  };
});

afterAll(() => app?.close());

/** A body each command would accept, so the fuzzing reaches past validation; unknown operations get their described fields. */
function validBodies(): Record<string, unknown> {
  const password = { password: 'new-password-1', confirmPassword: 'new-password-1' };
  const person = { firstName: 'Grace', lastName: 'Hopper', department: 'Engineering', managerId: admin.user.id };
  return {
    logIn: { username: employee.user.email, password: TEST_PASSWORD },
    register: { email: FRESH_EMAIL, ...person, ...password },
    setPassword: password,
    requestPasswordReset: { username: sessionUser.email },
    confirmPasswordReset: { token: 'a'.repeat(64), ...password },
    createUser: { email: FRESH_EMAIL, ...person, role: 'employee', password: 'secret-1' },
    updateUser: { firstName: 'Changed', department: 'Engineering', managerId: admin.user.id },
    setTemporaryPassword: { userId: victimIds[1], tempPassword: 'temporary-1' },
    createDepartment: { name: FRESH },
    renameDepartment: { name: FRESH },
    logEntry: ENTRY,
    logEntriesInBulk: { entries: [ENTRY] },
    editEntry: ENTRY,
    createYearlyTarget: { year: 2026, targetHours: 40, description: 'Forty' },
    updateYearlyTarget: { targetHours: 45, description: 'More' },
    createFiscalYear: { year: 2027, targetHours: 30, description: 'Thirty' },
    createUserTarget: { userId: victimIds[0], year: 2026, targetHours: 10, reason: 'Onboarding' },
    updateUserTarget: { targetHours: 12, reason: 'Adjusted' },
    createFormField: { name: FRESH, label: 'Label', type: 'text', required: false },
    updateFormField: { label: 'Another label', required: true },
    reorderFormField: { order: 1 },
    createFormFieldOption: { label: FRESH },
    updateFormFieldOption: { label: FRESH },
    logAdminBulkEntries: { entries: [ENTRY], targetUserId: employee.user.id },
  };
}

// ---- What a client might send -------------------------------------------------------------

/** Any UTF-16 code unit, so lone surrogates too. */
const codeUnit = fc.nat(0xffff).map((code) => String.fromCharCode(code));
const unsafeCharacter = fc.constantFrom('\u0000', '\ud800', '\udbff', '\udc00', '\udfff');
const unsafeText = fc
  .tuple(fc.string({ maxLength: 5 }), unsafeCharacter, fc.string({ maxLength: 5 }))
  .map((parts) => parts.join(''));
const trickyText = fc.constantFrom(
  '',
  ' ',
  '-1',
  '0',
  '1.5',
  '1e309',
  '0x10',
  'NaN',
  'null',
  'true',
  '2025-02-30',
  '__proto__',
  'constructor',
);
const text = (maxLength = 40) =>
  fc.oneof(
    { weight: 3, arbitrary: fc.string({ maxLength }) },
    { weight: 2, arbitrary: fc.string({ unit: codeUnit, maxLength }) },
    { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength }) },
    { weight: 3, arbitrary: unsafeText },
    { weight: 2, arbitrary: trickyText },
  );
const hugeText = fc.constantFrom(256, 5_001, 400_000).map((length) => 'x'.repeat(length));
const number = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -1, 0.25, 1e-7, 2 ** 31, 2 ** 53 + 1, Number.MAX_VALUE, 1e21),
);
const scalar = fc.oneof(
  { weight: 5, arbitrary: text() },
  { weight: 3, arbitrary: number },
  fc.boolean(),
  fc.constant(null),
  hugeText,
);
const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: scalar },
  { weight: 1, arbitrary: fc.array(scalar, { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.dictionary(text(), scalar, { maxKeys: 3 }) },
);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `valid` with one thing wrong at any depth: a value replaced, a field dropped, or a strange field added. */
function spoiled(valid: unknown): fc.Arbitrary<unknown> {
  if (Array.isArray(valid)) {
    const item = valid[0];
    return fc.oneof(fc.tuple(spoiled(item), fc.constant(item)), fc.array(anyValue, { maxLength: 3 }), fc.constant([]));
  }
  if (!isRecord(valid)) return anyValue;
  const withField = (key: string, value: unknown) => ({ ...valid, [key]: value });
  const without = (key: string) => Object.fromEntries(Object.entries(valid).filter(([other]) => other !== key));
  const keys = Object.keys(valid);
  return fc.oneof(
    fc.tuple(text(), anyValue).map(([key, value]) => withField(key, value)),
    ...keys.map((key) => spoiled(valid[key]).map((wrong) => withField(key, wrong))),
    ...(keys.length > 0 ? [fc.constantFrom(...keys).map(without)] : []),
  );
}

const brokenJson = fc.constantFrom('{', '{"a":}', '[1,]', '"\\u00"', '{"name":"\\ud800"', 'nul', '\u0000');

function bodyOf(operation: Operation, valid: Record<string, unknown>): fc.Arbitrary<Probe['body']> {
  if (!operation.bodyFields) return fc.constant(undefined);
  const base = valid[operation.operationId] ?? Object.fromEntries(operation.bodyFields.map((field) => [field, 'x']));
  return fc.oneof(
    { weight: 3, arbitrary: fc.constant({ json: base }) },
    { weight: 8, arbitrary: spoiled(base).map((json) => ({ json })) },
    { weight: 1, arbitrary: anyValue.map((json) => ({ json })) },
    { weight: 1, arbitrary: brokenJson.map((raw) => ({ raw })) },
  );
}

/** A parameter's value: a known one (existing records), a number, or any text. */
const parameterValue = (name: string) =>
  fc.oneof(
    {
      weight: 6,
      arbitrary: fc.constantFrom<unknown>(...(Object.hasOwn(knownValues, name) ? knownValues[name]! : knownValues.id!)),
    },
    { weight: 1, arbitrary: number },
    { weight: 2, arbitrary: text(60) },
    { weight: 1, arbitrary: fc.constantFrom('x'.repeat(5_000), '9'.repeat(400), `${'a'.repeat(300)}@example.com`) },
  );

/** Code points percent-encoded as UTF-8, a lone surrogate as the bytes a careless client would send. */
function percentEncoded(value: string): string {
  return Array.from(value, (character) => {
    const code = character.charCodeAt(0);
    if (code < 0xd800 || code > 0xdfff || character.length === 2) return encodeURIComponent(character);
    return [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
      .map((byte) => `%${byte.toString(16).toUpperCase()}`)
      .join('');
  }).join('');
}

const rawEscapes = fc.constantFrom('%', '%zz', '%E0%A4', '%FF', '%00', '%ED%A0%80', '&&', '==', '+');

function queryOf(operation: Operation): fc.Arbitrary<string> {
  const names = operation.parameters.filter((parameter) => parameter.in === 'query').map((parameter) => parameter.name);
  const name = fc.oneof(
    ...(names.length > 0 ? [{ weight: 4, arbitrary: fc.constantFrom(...names) }] : []),
    { weight: 1, arbitrary: fc.constantFrom(...names, 'x').map((known) => `${known}[]`) },
    { weight: 1, arbitrary: text(20) },
  );
  const pair = name
    .chain((key) => fc.tuple(fc.constant(key), parameterValue(key.replace('[]', ''))))
    .map(([key, value]) => `${percentEncoded(key)}=${percentEncoded(String(value))}`);
  const part = fc.oneof({ weight: 5, arbitrary: pair }, { weight: 1, arbitrary: rawEscapes });
  return fc.oneof(
    { weight: 1, arbitrary: fc.constant('') },
    {
      weight: names.length > 0 ? 4 : 1,
      arbitrary: fc.array(part, { minLength: 1, maxLength: 4 }).map((parts) => `?${parts.join('&')}`),
    },
  );
}

function probeOf(operation: Operation, valid: Record<string, unknown>): fc.Arbitrary<Probe> {
  const pathNames = operation.parameters.filter((parameter) => parameter.in === 'path').map((parameter) => parameter.name);
  const sessionEnding = operation.operationId === 'logOut' || operation.operationId === 'setPassword';
  return fc.record({
    operation: fc.constant(operation),
    caller: sessionEnding
      ? fc.constantFrom<Caller>('session', 'anonymous')
      : fc.oneof(
          { weight: 3, arbitrary: fc.constant<Caller>('admin') },
          { weight: 3, arbitrary: fc.constant<Caller>('employee') },
          { weight: 1, arbitrary: fc.constant<Caller>('anonymous') },
        ),
    params: fc.record(Object.fromEntries(pathNames.map((name) => [name, parameterValue(name)]))),
    query: queryOf(operation),
    body: bodyOf(operation, valid),
  });
}

// ---- Sending a probe --------------------------------------------------------------------------

let freshNames = 0;

function freshened(json: unknown): string {
  return JSON.stringify(json, (_key, value: unknown) => {
    if (value === FRESH) return `Fuzz ${++freshNames}`;
    if (value === FRESH_EMAIL) return `fuzz-${++freshNames}@${app.ctx.config.orgEmailDomain}`;
    return value;
  });
}

const userIdFields = new Set(['id', 'userId', 'managerId']);
const principalIds = () => new Set([admin.user.id, employee.user.id, sessionUser.user.id]);

/**
 * The admin may delete users, change their roles or set temporary passwords: aimed at the accounts
 * the probes sign in with, that would end their sign-in. Such a target becomes a victim instead.
 */
function sparingPrincipals<Value>(caller: Caller, name: string, value: Value): Value | number {
  if (caller !== 'admin' || !userIdFields.has(name) || (typeof value !== 'number' && typeof value !== 'string')) return value;
  return principalIds().has(Number(String(value).trim())) ? victimIds[0]! : value;
}

function urlOf(probe: Probe): string {
  const path = probe.operation.path.replace(/\{(\w+)\}/g, (_, name: string) =>
    percentEncoded(String(sparingPrincipals(probe.caller, name, probe.params[name]))),
  );
  return `${path}${probe.query}`;
}

function requestOptions(probe: Probe): RequestOptions {
  const token = { admin: admin.token, employee: employee.token, session: sessionUser.token, anonymous: undefined }[probe.caller];
  const options: RequestOptions = token ? { token } : {};
  if (!probe.body) return options;
  if ('raw' in probe.body) return { ...options, rawBody: probe.body.raw };
  const json = isRecord(probe.body.json)
    ? Object.fromEntries(Object.entries(probe.body.json).map(([key, value]) => [key, sparingPrincipals(probe.caller, key, value)]))
    : probe.body.json;
  return { ...options, rawBody: freshened(json) };
}

/** Keeps the session user signed in: a new password gives a new token, a sign-out needs a new sign-in. */
async function followSession(probe: Probe, response: JsonResponse): Promise<void> {
  if (probe.caller !== 'session' || response.status !== 200) return;
  if (probe.operation.operationId === 'setPassword') {
    sessionUser.password = (probe.body as { json: { password: string } }).json.password;
    sessionUser.token = response.body.authToken;
  }
  if (probe.operation.operationId === 'logOut') {
    const login = await request(app, 'POST', '/api/login', {
      body: { username: sessionUser.email, password: sessionUser.password },
    });
    if (login.status === 200) sessionUser.token = login.body.authToken;
  }
}

async function send(probe: Probe): Promise<{ response: JsonResponse; eventsAppended: number }> {
  const before = await eventCount();
  const response = await request(app, probe.operation.method.toUpperCase(), urlOf(probe), requestOptions(probe));
  // A reset request mails its link after answering: count what it appends with it.
  await app.ctx.afterAnswer.idle();
  const eventsAppended = (await eventCount()) - before;
  await followSession(probe, response);
  return { response, eventsAppended };
}

function expectNoServerError(probe: Probe, response: JsonResponse, eventsAppended: number): void {
  const shown = `${probe.caller} ${probe.operation.method.toUpperCase()} ${urlOf(probe)} ${JSON.stringify(probe.body)?.slice(0, 500)}`;
  expect(response.status, `${shown} answered ${JSON.stringify(response.body).slice(0, 300)}`).toBeLessThan(500);
  if (response.status >= 400) {
    expect(response.body, `${shown}: a refusal carries {error}`).toEqual({ error: expect.any(String) });
    expect(eventsAppended, `${shown}: refused with ${response.status} but appended events`).toBe(0);
  }
}

// ---- The tests --------------------------------------------------------------------------------

describe('the issue 8 probes', () => {
  const send400 = async (method: string, path: string, options: RequestOptions, error: string) => {
    const before = await eventCount();
    expect(await request(app, method, path, options)).toMatchObject({ status: 400, body: { error } });
    expect(await eventCount()).toBe(before);
  };

  it('refuses text PostgreSQL cannot store with a 400 naming where it is', async () => {
    const entry = { ...ENTRY, notes: 'a\u0000b' };
    await send400(
      'POST',
      '/api/entries',
      { token: employee.token, body: entry },
      SAFE_TEXT_MESSAGES.unsafeText('Request body field notes'),
    );
    await send400(
      'POST',
      '/api/departments',
      { token: admin.token, body: { name: 'R\ud800D' } },
      SAFE_TEXT_MESSAGES.unsafeText('Request body field name'),
    );
    const registration = {
      email: `new@${app.ctx.config.orgEmailDomain}`,
      firstName: '\u0000',
      lastName: 'X',
      department: 'Engineering',
    };
    await send400(
      'POST',
      '/api/register',
      { body: { ...registration, password: 'secret-1', confirmPassword: 'secret-1' } },
      SAFE_TEXT_MESSAGES.unsafeText('Request body field firstName'),
    );
    await send400(
      'POST',
      '/api/login',
      { body: { username: 'a\u0000b', password: 'x' } },
      SAFE_TEXT_MESSAGES.unsafeText('Request body field username'),
    );
    await send400(
      'GET',
      `/api/check-email/a%00b@${app.ctx.config.orgEmailDomain}`,
      {},
      SAFE_TEXT_MESSAGES.unsafeText('The address'),
    );
    await send400('GET', '/api/departments?q=%00', {}, SAFE_TEXT_MESSAGES.unsafeText('Query parameter q'));
    const bulk = { entries: [ENTRY, { ...ENTRY, customFields: { ['topic\u0000']: 'x' } }] };
    await send400(
      'POST',
      '/api/entries/bulk',
      { token: employee.token, body: bulk },
      SAFE_TEXT_MESSAGES.unsafeText('Request body field entries[1].customFields.topic\ufffd'),
    );
  });

  it('refuses a query parameter of the wrong shape or name instead of ignoring it', async () => {
    const { token } = employee;
    await send400('GET', '/api/entries?userId[]=1', { token }, QUERY_MESSAGES.unknownParameters(['userId[]'], ['userId', 'year']));
    await send400('GET', `/api/entries?userId=${employee.user.id}&userId=1`, { token }, QUERY_MESSAGES.singleValue('userId'));
    await send400('GET', '/api/stats?year=2025&year=2026', { token }, QUERY_MESSAGES.singleValue('year'));
    await send400('GET', '/api/user-targets?years=2025', { token }, QUERY_MESSAGES.unknownParameters(['years'], ['year']));
    expect((await request(app, 'GET', `/api/entries?userId=${employee.user.id}&year=2025`, { token })).status).toBe(200);
  });

  it('refuses a body nested far too deep without exhausting the stack', async () => {
    const deep = `{"name":${'['.repeat(200_000)}"\\u0000"${']'.repeat(200_000)}}`;
    const response = await request(app, 'POST', '/api/departments', { token: admin.token, rawBody: deep });
    expect(response).toMatchObject({
      status: 400,
      body: { error: SAFE_TEXT_MESSAGES.unsafeText(`Request body field name${'[0]'.repeat(7)}…`) },
    });
  });
});

describe('arbitrary input through every described operation', () => {
  it(`answers 2xx or 4xx, never 5xx, and a 4xx appends nothing (${NUMBER_OF_RUNS} probes)`, async () => {
    const valid = validBodies();
    const probe = fc.oneof(...operations.map((operation) => probeOf(operation, valid)));
    await fc.assert(
      fc.asyncProperty(probe, async (generated) => {
        const { response, eventsAppended } = await send(generated);
        expectNoServerError(generated, response, eventsAppended);
      }),
      { numRuns: NUMBER_OF_RUNS },
    );
    // Whatever was accepted, the projectors could store: the read models are caught up.
    expect(await request(app, 'GET', '/api/health')).toMatchObject({ status: 200, body: { status: 'ok' } });
  }, 120_000);
});
