import {
  ACCOUNT_MESSAGES,
  TARGET_MESSAGES as M,
  type TargetEvent,
  type UserTargetFields,
  type YearlyTargetFields,
} from '@tht/contracts';
import { describe, it } from 'vitest';
import { deciderSpec } from '../platform/decider-spec';
import { userTargetDecider, yearlyTargetDecider, type UserTargetChange } from './target-deciders';

describe('yearly targets', () => {
  const spec = deciderSpec(yearlyTargetDecider);
  const target: YearlyTargetFields = { yearlyTargetId: 5, year: 2025, targetHours: 1200, description: 'Push' };
  const created = { type: 'YearlyTargetCreated', data: target } as const;
  const update = (changes: { targetHours?: number; description?: string | null }) =>
    ({ type: 'UpdateYearlyTarget', year: 2025, targetHours: 1200, ...changes }) as const;

  it('creates one target per year', () => {
    spec
      .given()
      .when({ type: 'CreateYearlyTarget', ...target })
      .then(created);
    spec
      .given(created)
      .when({ type: 'CreateYearlyTarget', ...target, yearlyTargetId: 6 })
      .thenRefuses('conflict', M.yearlyTargetExists(2025));
  });

  it('updates the hours and keeps a description that is not sent', () => {
    spec
      .given(created)
      .when(update({ targetHours: 800 }))
      .then({ type: 'YearlyTargetUpdated', data: { ...target, targetHours: 800 } });
    spec
      .given(created)
      .when(update({ description: null }))
      .then({ type: 'YearlyTargetUpdated', data: { ...target, description: null } });
  });

  it('appends nothing when nothing changes', () => {
    spec.given(created).when(update({})).thenNothingHappens();
    spec
      .given(created)
      .when(update({ description: 'Push' }))
      .thenNothingHappens();
  });

  it('decides on the last update', () => {
    const updated = { type: 'YearlyTargetUpdated', data: { ...target, targetHours: 900 } } as const;
    spec
      .given(created, updated)
      .when(update({ targetHours: 900 }))
      .thenNothingHappens();
  });

  it('refuses to update a year without a target', () => {
    spec
      .given()
      .when(update({ targetHours: 10 }))
      .thenRefuses('not-found', M.yearlyTargetNotFound(2025));
  });
});

describe('user targets', () => {
  const spec = deciderSpec(userTargetDecider);
  const target: UserTargetFields = { userTargetId: 9, userId: 3, year: 2026, targetHours: 40, reason: 'HR adjustment', setBy: 1 };
  const created: TargetEvent & { type: 'UserTargetCreated' } = { type: 'UserTargetCreated', data: target };
  const facts = (current: UserTargetFields | null, userExists = true) => ({ userExists, current });
  const create: UserTargetChange = { type: 'CreateUserTarget', ...target };
  const update = (changes: { targetHours?: number; reason?: string | null; setBy?: number }): UserTargetChange => ({
    type: 'UpdateUserTarget',
    userId: 3,
    year: 2026,
    targetHours: 40,
    setBy: 1,
    ...changes,
  });

  it('sets a target for a person who has none', () => {
    spec
      .given()
      .when({ ...create, ...facts(null) })
      .then(created);
  });

  it('refuses a person without an account, whatever else', () => {
    spec
      .given()
      .when({ ...create, ...facts(null, false) })
      .thenRefuses('not-found', ACCOUNT_MESSAGES.userNotFound);
    spec
      .given(created)
      .when({ ...update({ targetHours: 50 }), ...facts(target, false) })
      .thenRefuses('not-found', ACCOUNT_MESSAGES.userNotFound);
  });

  it('refuses a second target of the year, set alone, in bulk, or by a creation that raced this one', () => {
    spec
      .given(created)
      .when({ ...create, ...facts(target) })
      .thenRefuses('conflict', M.userTargetExists(2026));
    spec
      .given()
      .when({ ...create, ...facts(target) })
      .thenRefuses('conflict', M.userTargetExists(2026));
    spec
      .given(created)
      .when({ ...create, ...facts(null) })
      .thenRefuses('conflict', M.userTargetExists(2026));
  });

  it('updates the hours, keeps a reason that is not sent and records who changed it', () => {
    spec
      .given(created)
      .when({ ...update({ targetHours: 35, setBy: 2 }), ...facts(target) })
      .then({ type: 'UserTargetUpdated', data: { ...target, targetHours: 35, setBy: 2 } });
    spec
      .given(created)
      .when({ ...update({ setBy: 2 }), ...facts(target) })
      .then({ type: 'UserTargetUpdated', data: { ...target, setBy: 2 } });
    spec
      .given(created)
      .when({ ...update({ reason: null }), ...facts(target) })
      .then({ type: 'UserTargetUpdated', data: { ...target, reason: null } });
  });

  it('appends nothing when hours, reason and author stay the same', () => {
    spec
      .given(created)
      .when({ ...update({}), ...facts(target) })
      .thenNothingHappens();
  });

  it('changes the target a bulk assignment set after the own stream', () => {
    const assigned: UserTargetFields = { ...target, targetHours: 60, reason: 'Bulk', setBy: 2 };
    spec
      .given(created)
      .when({ ...update({ targetHours: 60, setBy: 2 }), ...facts(assigned) })
      .thenNothingHappens();
    spec
      .given(created)
      .when({ ...update({ targetHours: 70, setBy: 2 }), ...facts(assigned) })
      .then({ type: 'UserTargetUpdated', data: { ...assigned, targetHours: 70 } });
  });

  it('refuses to update a target that was never set', () => {
    spec
      .given()
      .when({ ...update({ targetHours: 50 }), ...facts(null) })
      .thenRefuses('not-found', M.userTargetNotFound(2026));
  });
});
