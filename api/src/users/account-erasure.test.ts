import { ACCOUNT_MESSAGES as M } from '@tht/contracts';
import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../platform/decider-spec';
import { accountDecider, emailClaimOf, type AccountStreamEvent } from './account-decider';

const spec = deciderSpec(accountDecider);

const created: AccountStreamEvent = {
  type: 'UserCreated',
  data: {
    userId: 7,
    email: 'ada@example.com',
    firstName: 'Ada',
    lastName: 'Lovelace',
    role: 'employee',
    managerId: 2,
    managerName: 'Grace Hopper',
    department: 'Engineering',
    passwordHash: 'hash-1',
    firstLoginRequired: true,
  },
};
const deactivated: AccountStreamEvent = { type: 'UserDeactivated', data: { userId: 7 } };
const reactivated: AccountStreamEvent = { type: 'UserReactivated', data: { userId: 7 } };
const erased: AccountStreamEvent = { type: 'PersonErased', data: { userId: 7 } };
const deleted: AccountStreamEvent = { type: 'UserDeleted', data: { userId: 7, email: 'ada@example.com' } };
const erase = (confirmName = 'Ada Lovelace') => ({ type: 'EraseAccount', confirmName }) as const;

describe('erasing a person (decision 038)', () => {
  it('erases a deactivated person once their full name is typed, case and spaces aside', () => {
    spec.given(created, deactivated).when(erase()).then(erased);
    spec.given(created, deactivated).when(erase('  ada   LOVELACE ')).then(erased);
  });

  it('refuses a name that is not theirs', () => {
    spec.given(created, deactivated).when(erase('Ada')).thenRefuses('invalid', M.eraseNameMismatch);
    spec.given(created, deactivated).when(erase('Grace Hopper')).thenRefuses('invalid', M.eraseNameMismatch);
  });

  it('refuses an active account: only a deactivated one can be erased', () => {
    spec.given(created).when(erase()).thenRefuses('conflict', M.eraseActiveAccount);
    spec.given(created, deactivated, reactivated).when(erase()).thenRefuses('conflict', M.eraseActiveAccount);
  });

  it('refuses accounts that are not there', () => {
    spec.given().when(erase()).thenRefuses('not-found', M.userNotFound);
    spec.given(created, deactivated, deleted).when(erase()).thenRefuses('not-found', M.userNotFound);
  });

  it('decides nothing more on an erased account: no second erasure, no reactivation, no change', () => {
    spec.given(created, deactivated, erased).when(erase('Erased person #7')).thenRefuses('conflict', M.accountErased);
    spec.given(created, deactivated, erased).when({ type: 'ReactivateAccount' }).thenRefuses('conflict', M.accountErased);
    spec
      .given(created, deactivated, erased)
      .when({ type: 'DeactivateAccount', actorId: 1 })
      .thenRefuses('conflict', M.accountErased);
  });

  it('gives the address up, so it can be given to a new account', () => {
    const state = [created, deactivated].reduce(
      (current, event) => accountDecider.evolve(current, { ...event, metadata: { occurredAt: '2026-11-28T17:00:00.000Z' } }),
      accountDecider.initialState(),
    );
    expect(emailClaimOf(erased, state)).toEqual({ giveUp: 'ada@example.com' });
  });
});
