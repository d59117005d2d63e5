import { DIRECTORY_ACTOR, DIRECTORY_DEFAULT_DEPARTMENT, type AuditLogPage } from '@tht/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findDepartmentByName } from '../departments';
import { createUserAndLogin, type SignedInTestUser } from '../testing/accounts';
import { request } from '../testing/request';
import { startTestApp, type TestApp } from '../testing/test-app';
import { findUserById } from '../users';

/**
 * A SCIM conversation over HTTP with the real app, the requests recorded as RFC 7644 and the
 * providers publish them: Microsoft Entra ID's "Develop and plan provisioning for a SCIM endpoint"
 * (user and group operations) and its SCIM 2.0 compliance notes ("op":"Replace", "value":"False",
 * the manager as a bare id), and Okta's SCIM 2.0 examples. The published user names (`Test_User_…`,
 * `test.user@okta.local`) are made addresses of the organisation's domain, testuser.com: the
 * product's userName is the work e-mail address.
 */

const TOKEN = 'scim-token-for-tests-0123456789abcdef';
const DOMAIN = 'testuser.com';
const ENTERPRISE = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';
const PATCH_OP = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
const ERROR = 'urn:ietf:params:scim:api:messages:2.0:Error';
const LIST = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';

let app: TestApp;
let admin: SignedInTestUser;

interface ScimAnswer {
  status: number;
  contentType: string | null;
  body: any;
}

async function scim(method: string, path: string, body?: unknown, token: string | null = TOKEN): Promise<ScimAnswer> {
  const response = await fetch(`${app.baseUrl}/scim/v2${path}`, {
    method,
    headers: {
      ...(token !== null && { authorization: `Bearer ${token}` }),
      ...(body !== undefined && { 'content-type': 'application/scim+json' }),
    },
    body: typeof body === 'string' ? body : body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, contentType: response.headers.get('content-type'), body: text ? JSON.parse(text) : undefined };
}

const patch = (path: string, Operations: unknown[]) => scim('PATCH', path, { schemas: [PATCH_OP], Operations });
const filtered = (filter: string, extra = '') => scim('GET', `/Users?filter=${encodeURIComponent(filter)}${extra}`);

/** Entra's "Create User" request, its userName made an address. */
const entraUser = (userName: string, externalId: string) => ({
  schemas: ['urn:ietf:params:scim:schemas:core:2.0:User', 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User'],
  externalId,
  userName,
  active: true,
  emails: [{ primary: true, type: 'work', value: userName }],
  meta: { resourceType: 'User' },
  name: { formatted: 'givenName familyName', familyName: 'familyName', givenName: 'givenName' },
  roles: [],
});

beforeAll(async () => {
  app = await startTestApp({
    config: {
      orgEmailDomain: DOMAIN,
      scim: { token: TOKEN, groupRoles: new Map([['training hr', 'hr'] as const]) },
    },
  });
  admin = await createUserAndLogin(app, { role: 'admin', email: `admin@${DOMAIN}` });
});

afterAll(async () => {
  await app?.close();
});

describe('the service provider', () => {
  it('describes itself at /ServiceProviderConfig, /Schemas and /ResourceTypes, as application/scim+json', async () => {
    const config = await scim('GET', '/ServiceProviderConfig');
    expect(config.status).toBe(200);
    expect(config.contentType).toMatch(/^application\/scim\+json/);
    expect(config.body).toMatchObject({
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig'],
      patch: { supported: true },
      filter: { supported: true },
      bulk: { supported: false },
      authenticationSchemes: [expect.objectContaining({ type: 'oauthbearertoken' })],
    });
    const schemas = await scim('GET', '/Schemas');
    expect(schemas.body.Resources.map((schema: { id: string }) => schema.id)).toEqual(
      expect.arrayContaining([
        'urn:ietf:params:scim:schemas:core:2.0:User',
        'urn:ietf:params:scim:schemas:core:2.0:Group',
        ENTERPRISE,
      ]),
    );
    const types = await scim('GET', '/ResourceTypes');
    expect(types.body.Resources).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'User', endpoint: '/Users', schemaExtensions: [{ schema: ENTERPRISE, required: false }] }),
        expect.objectContaining({ name: 'Group', endpoint: '/Groups' }),
      ]),
    );
  });

  it('answers 401 with a SCIM error to a wrong token or none', async () => {
    for (const token of ['wrong-token-wrong-token-wrong-token', null]) {
      const refused = await scim('GET', '/Users', undefined, token);
      expect(refused.status).toBe(401);
      expect(refused.body).toMatchObject({ schemas: [ERROR], status: '401' });
    }
  });

  it('answers bad input with SCIM errors, never a 500', async () => {
    expect((await scim('GET', '/Users?filter=userName%20xx%20%22a%22')).body).toMatchObject({
      status: '400',
      scimType: 'invalidFilter',
    });
    expect((await scim('POST', '/Users', '{"userName":')).body).toMatchObject({ status: '400', scimType: 'invalidSyntax' });
    expect((await scim('GET', '/Users/not-an-id')).body).toMatchObject({ schemas: [ERROR], status: '404' });
    expect((await scim('GET', '/Users/99999')).status).toBe(404);
    const foreign = await scim('POST', '/Users', entraUser('someone@elsewhere.org', 'x-1'));
    expect(foreign.body).toMatchObject({ status: '400', scimType: 'invalidValue', detail: `Must be an @${DOMAIN} email address` });
    const noManager = await scim('POST', '/Users', {
      ...entraUser(`nomanager@${DOMAIN}`, 'x-2'),
      [ENTERPRISE]: { manager: { value: '99999' } },
    });
    expect(noManager.body).toMatchObject({ status: '400', scimType: 'invalidValue' });
    expect((await patch('/Users/99999', [{ op: 'Replace', path: 'active', value: 'False' }])).status).toBe(404);
  });
});

describe('a person provisioned by Entra ID', () => {
  const userName = `Test_User_ab6490ee-1e48-479e-a20b-2d77186b5dd1@${DOMAIN}`;
  const externalId = '0a21f0f2-8d2a-4f8e-bf98-7363c4aed4ef';
  let id: string;

  it('is looked for first: an empty ListResponse', async () => {
    const none = await filtered(`userName eq "${userName}"`);
    expect(none.status).toBe(200);
    expect(none.body).toEqual({ schemas: [LIST], totalResults: 0, Resources: [], startIndex: 1, itemsPerPage: 20 });
  });

  it('is created without a password, in a department made for the directory, the directory as the actor', async () => {
    const created = await scim('POST', '/Users', entraUser(userName, externalId));
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      userName: userName.toLowerCase(),
      externalId,
      active: true,
      name: { givenName: 'givenName', familyName: 'familyName' },
      emails: [{ value: userName.toLowerCase(), type: 'work', primary: true }],
      [ENTERPRISE]: { department: DIRECTORY_DEFAULT_DEPARTMENT },
      meta: { resourceType: 'User', location: `${app.ctx.config.publicUrl}/scim/v2/Users/${created.body.id}` },
    });
    id = created.body.id;
    const row = await findUserById(app.ctx.db, Number(id));
    expect(row).toMatchObject({ password_hash: null, email_proven: true, role: 'employee' });
    expect(await findDepartmentByName(app.ctx.db, DIRECTORY_DEFAULT_DEPARTMENT)).toBeDefined();
  });

  it('is refused a second time: 409 uniqueness', async () => {
    const again = await scim('POST', '/Users', entraUser(userName, 'another'));
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ schemas: [ERROR], status: '409', scimType: 'uniqueness' });
  });

  it('is found by userName (any case), externalId and id', async () => {
    for (const filter of [`userName eq "${userName.toUpperCase()}"`, `externalId eq "${externalId}"`, `id eq "${id}"`]) {
      const found = await filtered(filter);
      expect(found.body, filter).toMatchObject({ totalResults: 1, Resources: [{ id, userName: userName.toLowerCase() }] });
    }
  });

  it('takes Entra PATCH requests: multi-valued and single-valued properties', async () => {
    const multi = await patch(`/Users/${id}`, [
      { op: 'Replace', path: 'emails[type eq "work"].value', value: `updatedEmail@${DOMAIN}` },
      { op: 'Replace', path: 'name.familyName', value: 'updatedFamilyName' },
    ]);
    expect(multi.status).toBe(200);
    expect(multi.body).toMatchObject({ userName: `updatedemail@${DOMAIN}`, name: { familyName: 'updatedFamilyName' } });
    const single = await patch(`/Users/${id}`, [
      { op: 'Replace', path: 'userName', value: `5b50642d-79fc-4410-9e90-4c077cdd1a59@${DOMAIN}` },
    ]);
    expect(single.body.userName).toBe(`5b50642d-79fc-4410-9e90-4c077cdd1a59@${DOMAIN}`);
    expect((await findUserById(app.ctx.db, Number(id)))?.email).toBe(`5b50642d-79fc-4410-9e90-4c077cdd1a59@${DOMAIN}`);
  });

  it('is switched off by "active": "False" and on again by a replace of several attributes without a path', async () => {
    const off = await patch(`/Users/${id}`, [{ op: 'Replace', path: 'active', value: 'False' }]);
    expect(off.status).toBe(200);
    expect(off.body.active).toBe(false);
    expect((await findUserById(app.ctx.db, Number(id)))?.deactivated_at).not.toBeNull();
    const on = await patch(`/Users/${id}`, [
      {
        op: 'Replace',
        value: { active: 'True', 'name.givenName': 'Barbara', 'name.familyName': 'Jensen', displayName: 'Barbara Jensen' },
      },
    ]);
    expect(on.body).toMatchObject({ active: true, name: { givenName: 'Barbara', familyName: 'Jensen' } });
    expect((await findUserById(app.ctx.db, Number(id)))?.deactivated_at).toBeNull();
  });

  it('gets its manager by a later PATCH (a bare id or {"value": id}), and loses it again', async () => {
    const boss = await scim('POST', '/Users', {
      ...entraUser(`boss@${DOMAIN}`, 'boss-1'),
      [ENTERPRISE]: { department: 'Human Resources US' },
    });
    expect(boss.body[ENTERPRISE]).toEqual({ department: 'Human Resources US' });
    const managerPath = `${ENTERPRISE}:manager`;
    const linked = await patch(`/Users/${id}`, [{ op: 'Add', path: managerPath, value: boss.body.id }]);
    expect(linked.body[ENTERPRISE].manager).toEqual({ value: boss.body.id });
    expect((await findUserById(app.ctx.db, Number(id)))?.manager_id).toBe(Number(boss.body.id));
    const again = await patch(`/Users/${id}`, [{ op: 'Replace', path: managerPath, value: { value: boss.body.id } }]);
    expect(again.status).toBe(204); // nothing changed: no content (RFC 7644 section 3.5.2)
    expect((await scim('GET', `/Users/${id}`)).body[ENTERPRISE].manager).toEqual({ value: boss.body.id });
    const removed = await patch(`/Users/${id}`, [{ op: 'Remove', path: managerPath }]);
    expect(removed.body[ENTERPRISE].manager).toBeUndefined();
    expect((await findUserById(app.ctx.db, Number(id)))?.manager_id).toBeNull();
  });

  it('moves to a department the product did not know, which is created', async () => {
    const moved = await patch(`/Users/${id}`, [{ op: 'Replace', path: `${ENTERPRISE}:department`, value: 'Research' }]);
    expect(moved.body[ENTERPRISE].department).toBe('Research');
    expect((await findUserById(app.ctx.db, Number(id)))?.department).toBe('Research');
  });

  it('gets a role from a group named in SCIM_GROUP_ROLES, and loses it when removed; other groups change nothing', async () => {
    const group = await scim('POST', '/Groups', {
      schemas: [
        'urn:ietf:params:scim:schemas:core:2.0:Group',
        'http://schemas.microsoft.com/2006/11/ResourceManagement/ADSCIM/Group',
      ],
      externalId: '8aa1a0c0-c4c3-4bc0-b4a5-2ef676900159',
      displayName: 'Training HR',
      meta: { resourceType: 'Group' },
    });
    expect(group.status).toBe(201);
    const other = await scim('POST', '/Groups', {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:Group'],
      displayName: 'Everyone',
    });
    const member = { $ref: null, value: id };
    await patch(`/Groups/${other.body.id}`, [{ op: 'Add', path: 'members', value: [member] }]);
    expect((await findUserById(app.ctx.db, Number(id)))?.role).toBe('employee');
    const added = await patch(`/Groups/${group.body.id}`, [{ op: 'Add', path: 'members', value: [member] }]);
    expect(added.status).toBe(200);
    expect((await findUserById(app.ctx.db, Number(id)))?.role).toBe('hr');
    const byName = await scim(
      'GET',
      `/Groups?excludedAttributes=members&filter=${encodeURIComponent('displayName eq "Training HR"')}`,
    );
    expect(byName.body).toMatchObject({ totalResults: 1, Resources: [{ id: group.body.id, displayName: 'Training HR' }] });
    expect(byName.body.Resources[0].members).toBeUndefined();
    expect((await scim('GET', `/Groups/${group.body.id}`)).body.members).toEqual([{ value: id }]);
    const taken = await scim('POST', '/Groups', {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:Group'],
      displayName: 'training hr',
    });
    expect(taken.body).toMatchObject({ status: '409', scimType: 'uniqueness' });
    await patch(`/Groups/${group.body.id}`, [{ op: 'Remove', path: 'members', value: [member] }]);
    expect((await findUserById(app.ctx.db, Number(id)))?.role).toBe('employee');
    // RFC 7644 section 3.5.2: members replaced as a whole, then one removed by a filtered path.
    await patch(`/Groups/${group.body.id}`, [
      { op: 'replace', path: 'members', value: [{ display: 'Barbara Jensen', value: id }] },
    ]);
    expect((await findUserById(app.ctx.db, Number(id)))?.role).toBe('hr');
    await patch(`/Groups/${group.body.id}`, [{ op: 'remove', path: `members[value eq "${id}"]` }]);
    expect((await findUserById(app.ctx.db, Number(id)))?.role).toBe('employee');
    // A deleted group takes its role along.
    await patch(`/Groups/${group.body.id}`, [{ op: 'Add', path: 'members', value: [member] }]);
    expect((await scim('DELETE', `/Groups/${group.body.id}`)).status).toBe(204);
    expect((await scim('GET', `/Groups/${group.body.id}`)).status).toBe(404);
    expect((await findUserById(app.ctx.db, Number(id)))?.role).toBe('employee');
  });

  it('shows the directory as the actor in the audit log', async () => {
    const log = await request<AuditLogPage>(app, 'GET', '/api/audit/log?kind=users&pageSize=100', { token: admin.token });
    expect(log.status).toBe(200);
    const ofPerson = log.body.items.filter((item) => item.recordId === id);
    expect(ofPerson.map((item) => item.event)).toEqual(
      expect.arrayContaining(['UserCreated', 'UserUpdated', 'UserDeactivated', 'UserReactivated']),
    );
    expect(new Set(ofPerson.map((item) => item.actor.name))).toEqual(new Set([DIRECTORY_ACTOR]));
  });

  it('is deleted by DELETE: 204, then 404', async () => {
    expect((await scim('DELETE', `/Users/${id}`)).status).toBe(204);
    expect((await scim('GET', `/Users/${id}`)).body).toMatchObject({ status: '404' });
    expect(await findUserById(app.ctx.db, Number(id))).toBeUndefined();
  });
});

describe('a person provisioned and then erased', () => {
  it('leaves the directory bookkeeping: no directory id, no membership', async () => {
    const externalId = `grace.hopper@${DOMAIN}`;
    const created = await scim('POST', '/Users', {
      ...entraUser(`grace.hopper@${DOMAIN}`, externalId),
      name: { givenName: 'Grace', familyName: 'Hopper' },
    });
    const { id } = created.body;
    const group = await scim('POST', '/Groups', { schemas: ['urn:ietf:params:scim:schemas:core:2.0:Group'], displayName: 'Navy' });
    await patch(`/Groups/${group.body.id}`, [{ op: 'Add', path: 'members', value: [{ value: id }] }]);
    await patch(`/Users/${id}`, [{ op: 'Replace', path: 'active', value: 'False' }]);
    const erased = await request(app, 'POST', `/api/users/${id}/erase`, {
      token: admin.token,
      body: { confirmName: 'Grace Hopper' },
    });
    expect(erased.status).toBe(204);
    expect((await filtered(`externalId eq "${externalId}"`)).body.totalResults).toBe(0);
    const { rows } = await app.ctx.pool.query(
      `SELECT external_id FROM scim.user_links WHERE user_id = $1 UNION ALL SELECT group_id::text FROM scim.group_members WHERE user_id = $1`,
      [Number(id)],
    );
    expect(rows).toEqual([]);
  });
});

describe('a person provisioned by Okta', () => {
  it('is created, found with paging parameters, replaced by PUT and deactivated by a replace without a path', async () => {
    const created = await scim('POST', '/Users', {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
      userName: `test.user@${DOMAIN}`,
      name: { givenName: 'Test', familyName: 'User' },
      emails: [{ primary: true, value: `test.user@${DOMAIN}`, type: 'work' }],
      displayName: 'Test User',
      locale: 'en-US',
      externalId: '00ujl29u0le5T6Aj10h7',
      groups: [],
      password: '1mz050nq',
      active: true,
    });
    expect(created.status).toBe(201);
    const { id } = created.body;
    const found = await filtered(`userName eq "test.user@${DOMAIN}"`, '&startIndex=1&count=100');
    expect(found.body).toMatchObject({ totalResults: 1, startIndex: 1, Resources: [{ id }] });
    const replaced = await scim('PUT', `/Users/${id}`, {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
      id,
      userName: `test.user@${DOMAIN}`,
      name: { givenName: 'Another', familyName: 'User' },
      emails: [{ primary: true, value: `test.user@${DOMAIN}`, type: 'work' }],
      displayName: 'Another User',
      externalId: '00ujl29u0le5T6Aj10h7',
      active: true,
    });
    expect(replaced.status).toBe(200);
    expect(replaced.body.name).toMatchObject({ givenName: 'Another', familyName: 'User' });
    const off = await patch(`/Users/${id}`, [{ op: 'replace', value: { active: false } }]);
    expect(off.body.active).toBe(false);
  });

  it('pages through the users with startIndex and count', async () => {
    const all = await scim('GET', '/Users');
    const total: number = all.body.totalResults;
    expect(total).toBeGreaterThanOrEqual(3);
    const page = await scim('GET', '/Users?startIndex=2&count=2');
    expect(page.body).toMatchObject({ totalResults: total, startIndex: 2, itemsPerPage: 2 });
    expect(page.body.Resources.map((user: { id: string }) => user.id)).toEqual(
      all.body.Resources.slice(1, 3).map((user: { id: string }) => user.id),
    );
  });
});

describe('without SCIM_TOKEN', () => {
  let unconfigured: TestApp;

  beforeAll(async () => {
    unconfigured = await startTestApp();
  });

  afterAll(async () => {
    await unconfigured?.close();
  });

  it('answers every /scim/v2 path with 404', async () => {
    for (const path of ['/scim/v2', '/scim/v2/Users', '/scim/v2/ServiceProviderConfig', '/scim/v2/Users/1']) {
      const response = await fetch(`${unconfigured.baseUrl}${path}`, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(response.status, path).toBe(404);
    }
  });
});
