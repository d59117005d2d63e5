import type { UserRow } from 'projections';
import { describe, expect, it } from 'vitest';
import { standardPatchRequest } from './scim-requests';
import { ENTERPRISE_USER, personOf, scimUserOf, userIdOf, workEmailOf, type ScimUser } from './scim-users';

const ada: ScimUser = {
  userName: 'ada@example.com',
  externalId: 'e-1',
  name: { givenName: 'Ada', familyName: 'Lovelace' },
  emails: [{ value: 'ada@example.com', type: 'work', primary: true }],
  active: true,
  [ENTERPRISE_USER]: { department: 'Engineering', manager: { value: '2' } },
};

describe('a SCIM User in the product terms', () => {
  it('reads address, names, department, manager, active and the directory id', () => {
    expect(personOf(ada)).toEqual({
      email: 'ada@example.com',
      firstName: 'Ada',
      lastName: 'Lovelace',
      department: 'Engineering',
      manager: '2',
      active: true,
      externalId: 'e-1',
    });
  });

  it('is active, without manager, department or directory id, when the resource says nothing of them', () => {
    expect(personOf({ userName: 'ada@example.com', name: { givenName: 'Ada', familyName: 'Lovelace' } })).toMatchObject({
      department: undefined,
      manager: null,
      active: true,
      externalId: null,
    });
  });

  it('takes the names from displayName when name is missing', () => {
    expect(personOf({ userName: 'ada@example.com', displayName: 'Ada King Lovelace' })).toMatchObject({
      firstName: 'Ada',
      lastName: 'King Lovelace',
    });
  });

  it('takes a changed work address (Entra PATCH emails[type eq "work"].value) when userName stayed', () => {
    const changed = { ...ada, emails: [{ value: 'augusta@example.com', type: 'work' }] };
    expect(personOf(changed, ada).email).toBe('augusta@example.com');
    expect(personOf({ ...changed, userName: 'king@example.com' }, ada).email).toBe('king@example.com');
    expect(personOf(ada, ada).email).toBe('ada@example.com');
  });

  it('finds the work address: typed work, else primary, else the first', () => {
    expect(
      workEmailOf({
        emails: [
          { value: 'home@x.org', type: 'home' },
          { value: 'w@x.org', type: 'Work' },
        ],
      }),
    ).toBe('w@x.org');
    expect(workEmailOf({ emails: [{ value: 'a@x.org' }, { value: 'p@x.org', primary: true }] })).toBe('p@x.org');
    expect(workEmailOf({ emails: [{ value: 'a@x.org' }] })).toBe('a@x.org');
    expect(workEmailOf({})).toBeUndefined();
  });

  it('reads only user ids as SCIM ids', () => {
    expect(userIdOf('42')).toBe(42);
    for (const other of ['0', '-1', '4.2', 'abc', '042', '99999999999']) expect(userIdOf(other), other).toBeNull();
  });
});

describe('an account as a SCIM User', () => {
  const row = {
    id: 7,
    email: 'ada@example.com',
    first_name: 'Ada',
    last_name: 'Lovelace',
    department: 'Engineering',
    manager_id: 2,
    deactivated_at: '2026-01-02T00:00:00.000Z',
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-02T00:00:00.000Z',
  } as unknown as UserRow;

  it('states the address as userName and work e-mail, the enterprise fields and whether it is active', () => {
    expect(scimUserOf(row, 'e-1')).toEqual({
      id: '7',
      externalId: 'e-1',
      userName: 'ada@example.com',
      name: { givenName: 'Ada', familyName: 'Lovelace', formatted: 'Ada Lovelace' },
      displayName: 'Ada Lovelace',
      emails: [{ value: 'ada@example.com', type: 'work', primary: true }],
      active: false,
      [ENTERPRISE_USER]: { department: 'Engineering', manager: { value: '2' } },
      meta: { created: '2026-01-01T00:00:00.000Z', lastModified: '2026-01-02T00:00:00.000Z' },
    });
  });

  it('leaves out the manager and the directory id it does not have', () => {
    const user = scimUserOf({ ...row, manager_id: null }, undefined);
    expect(user).not.toHaveProperty('externalId');
    expect(user[ENTERPRISE_USER]).toEqual({ department: 'Engineering' });
  });
});

describe("Entra ID's PATCH requests made standard", () => {
  const patchOf = (...Operations: unknown[]) => ({ schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'], Operations });

  it('reads "True" and "False" as booleans for active, with a path or inside a value without one', () => {
    expect(standardPatchRequest(patchOf({ op: 'Replace', path: 'active', value: 'False' }))).toEqual(
      patchOf({ op: 'Replace', path: 'active', value: false }),
    );
    expect(standardPatchRequest(patchOf({ op: 'Replace', value: { active: 'True', displayName: 'False' } }))).toEqual(
      patchOf({ op: 'Replace', value: { active: true, displayName: 'False' } }),
    );
  });

  it('makes a bare manager id {"value": id}, by path or inside the extension', () => {
    const path = `${ENTERPRISE_USER}:manager`;
    expect(standardPatchRequest(patchOf({ op: 'Add', path, value: '42' }))).toEqual(
      patchOf({ op: 'Add', path, value: { value: '42' } }),
    );
    expect(standardPatchRequest(patchOf({ op: 'Add', value: { [ENTERPRISE_USER]: { manager: '42' } } }))).toEqual(
      patchOf({ op: 'Add', value: { [ENTERPRISE_USER]: { manager: { value: '42' } } } }),
    );
    expect(standardPatchRequest(patchOf({ op: 'Add', value: { [path]: '42' } }))).toEqual(
      patchOf({ op: 'Add', value: { [path]: { value: '42' } } }),
    );
  });

  it('leaves standard operations and other bodies as they are', () => {
    const standard = patchOf({ op: 'replace', path: 'active', value: true }, { op: 'remove', path: `${ENTERPRISE_USER}:manager` });
    expect(standardPatchRequest(standard)).toEqual(standard);
    expect(standardPatchRequest('text')).toBe('text');
    expect(standardPatchRequest({ Operations: 'none' })).toEqual({ Operations: 'none' });
  });
});
