import { ACCOUNT_MESSAGES as M, CONFLICT_MESSAGE } from '@tht/contracts';
import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../platform/decider-spec';
import { departmentDecider, nameClaimOf, type DepartmentEvent } from './department-decider';

const spec = deciderSpec(departmentDecider);
const created: DepartmentEvent = { type: 'DepartmentCreated', data: { departmentId: 4, name: 'Research' } };
const deleted: DepartmentEvent = { type: 'DepartmentDeleted', data: { departmentId: 4, name: 'Research' } };
const rename = (name: string, nameHolderId: number | null = null) => ({ type: 'RenameDepartment', name, nameHolderId }) as const;

describe('creating a department', () => {
  it('creates it under a free name', () => {
    spec.given().when({ type: 'CreateDepartment', departmentId: 4, name: 'Research', nameHolderId: null }).then(created);
  });

  it('refuses a name another department has', () => {
    spec
      .given()
      .when({ type: 'CreateDepartment', departmentId: 4, name: 'Research', nameHolderId: 2 })
      .thenRefuses('conflict', M.departmentExists);
  });

  it('never creates one department twice', () => {
    spec
      .given(created)
      .when({ type: 'CreateDepartment', departmentId: 4, name: 'Research', nameHolderId: null })
      .thenRefuses('conflict', CONFLICT_MESSAGE);
  });
});

describe('renaming a department', () => {
  it('renames it, naming the previous name for its users', () => {
    spec
      .given(created)
      .when(rename('Operations'))
      .then({ type: 'DepartmentRenamed', data: { departmentId: 4, name: 'Operations', previousName: 'Research' } });
  });

  it('allows a change of letter case only, the department holding the name itself', () => {
    spec
      .given(created)
      .when(rename('RESEARCH', 4))
      .then({ type: 'DepartmentRenamed', data: { departmentId: 4, name: 'RESEARCH', previousName: 'Research' } });
  });

  it('appends nothing for the same name', () => {
    spec.given(created).when(rename('Research', 4)).thenNothingHappens();
  });

  it('refuses a name another department has', () => {
    spec.given(created).when(rename('finance', 7)).thenRefuses('conflict', M.departmentExists);
  });

  it('decides on the latest name', () => {
    const renamed: DepartmentEvent = {
      type: 'DepartmentRenamed',
      data: { departmentId: 4, name: 'Operations', previousName: 'Research' },
    };
    spec.given(created, renamed).when(rename('Operations', 4)).thenNothingHappens();
  });

  it('refuses a department that does not exist or was deleted', () => {
    spec.given().when(rename('Anything')).thenRefuses('not-found', M.departmentNotFound);
    spec.given(created, deleted).when(rename('Anything')).thenRefuses('not-found', M.departmentNotFound);
  });
});

describe('deleting a department', () => {
  it('deletes an empty department', () => {
    spec.given(created).when({ type: 'DeleteDepartment', members: 0 }).then(deleted);
  });

  it('refuses while users belong to it', () => {
    spec.given(created).when({ type: 'DeleteDepartment', members: 1 }).thenRefuses('conflict', M.departmentHasUsers(1));
    spec.given(created).when({ type: 'DeleteDepartment', members: 3 }).thenRefuses('conflict', M.departmentHasUsers(3));
  });

  it('refuses a department that does not exist or was deleted', () => {
    spec.given().when({ type: 'DeleteDepartment', members: 0 }).thenRefuses('not-found', M.departmentNotFound);
    spec.given(created, deleted).when({ type: 'DeleteDepartment', members: 0 }).thenRefuses('not-found', M.departmentNotFound);
  });
});

describe('the name a change holds', () => {
  it('is taken on creation, moved on a rename, kept on a change of letter case and given up on deletion', () => {
    const renamed = (name: string): DepartmentEvent => ({
      type: 'DepartmentRenamed',
      data: { departmentId: 4, name, previousName: 'Research' },
    });
    expect([created, renamed('Operations'), renamed(' RESEARCH'), deleted].map(nameClaimOf)).toEqual([
      { take: 'Research' },
      { take: 'Operations', giveUp: 'Research' },
      {},
      { giveUp: 'Research' },
    ]);
  });
});
