import type { UserTargetFields } from '@tht/contracts';
import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../platform/decider-spec';
import {
  bulkTargetHours,
  bulkTargetsDecider,
  peopleWithoutTarget,
  type AssignTargets,
  type BulkTargetEvent,
} from './bulk-targets-decider';

const spec = deciderSpec(bulkTargetsDecider);
const HR = 9;

const target = (
  userId: number,
  targetHours: number,
  reason: string | null = 'HR adjustment',
  setBy: number | null = HR,
): UserTargetFields => ({
  userTargetId: 100 + userId,
  userId,
  year: 2026,
  targetHours,
  reason,
  setBy,
});

function assign(overrides: Partial<AssignTargets> = {}): AssignTargets {
  return {
    year: 2026,
    targetHours: 40,
    reason: 'Company-wide assignment',
    setBy: HR,
    accounts: [1, 2, 3],
    currentTargets: new Map(),
    yearlyTargetHours: null,
    newTargetIds: [501, 502, 503],
    ...overrides,
  };
}

const created = (userTargetId: number, userId: number, targetHours = 40, reason = 'Company-wide assignment'): BulkTargetEvent => ({
  type: 'UserTargetCreated',
  data: { userTargetId, userId, year: 2026, targetHours, reason, setBy: HR },
});
const updated = (userId: number, targetHours = 40, reason = 'Company-wide assignment'): BulkTargetEvent => ({
  type: 'UserTargetUpdated',
  data: { ...target(userId, 0), targetHours, reason, setBy: HR },
});

describe('bulk target assignment', () => {
  it('given nobody has a target, when HR sets 40 hours for everyone, creates one target per account', () => {
    spec.given().when(assign()).then(created(501, 1), created(502, 2), created(503, 3));
  });

  it('given some people have targets, updates theirs (same id) and creates the others', () => {
    spec
      .given()
      .when(assign({ currentTargets: new Map([[2, target(2, 25)]]), newTargetIds: [501, 502] }))
      .then(created(501, 1), updated(2), created(502, 3));
  });

  it('given a person already has exactly this target and reason from this HR user, leaves them alone', () => {
    const same = target(1, 40, 'Company-wide assignment');
    spec
      .given()
      .when(assign({ userIds: [1], currentTargets: new Map([[1, same]]), newTargetIds: [] }))
      .thenNothingHappens();
  });

  it('sets only the listed people, once each', () => {
    spec
      .given()
      .when(assign({ userIds: [3, 3, 1] }))
      .then(created(501, 3), created(502, 1));
  });

  it('knows the targets an earlier assignment of the year set, even before the read model shows them', () => {
    spec
      .given(created(700, 1, 30))
      .when(assign({ userIds: [1], targetHours: 35, newTargetIds: [] }))
      .then({
        type: 'UserTargetUpdated',
        data: { userTargetId: 700, userId: 1, year: 2026, targetHours: 35, reason: 'Company-wide assignment', setBy: HR },
      });
  });

  it('refuses an empty list of people and unknown people, appending nothing', () => {
    spec
      .given()
      .when(assign({ userIds: [] }))
      .thenRefuses('invalid', 'No users found');
    spec
      .given()
      .when(assign({ accounts: [], userIds: undefined }))
      .thenRefuses('invalid', 'No users found');
    spec
      .given()
      .when(assign({ userIds: [1, 99] }))
      .thenRefuses('not-found', 'User not found');
  });
});

describe('the hours of a bulk assignment', () => {
  const state = bulkTargetsDecider.initialState();

  it('are the hours asked for', () => {
    expect(bulkTargetHours(assign({ targetHours: 12 }), state)).toBe(12);
  });

  it('default to the most common target of the year (ties: the larger)', () => {
    const currentTargets = new Map([
      [1, target(1, 30)],
      [2, target(2, 30)],
      [3, target(3, 50)],
    ]);
    expect(bulkTargetHours(assign({ targetHours: undefined, currentTargets }), state)).toBe(30);
    const tie = new Map([
      [1, target(1, 30)],
      [2, target(2, 50)],
    ]);
    expect(bulkTargetHours(assign({ targetHours: undefined, currentTargets: tie }), state)).toBe(50);
  });

  it('else the yearly target shared among all accounts, rounded, capped at 10000, else 100', () => {
    expect(bulkTargetHours(assign({ targetHours: undefined, yearlyTargetHours: 1000 }), state)).toBe(333);
    expect(bulkTargetHours(assign({ targetHours: undefined, yearlyTargetHours: 100_000, accounts: [1] }), state)).toBe(10_000);
    expect(bulkTargetHours(assign({ targetHours: undefined }), state)).toBe(100);
  });
});

describe('peopleWithoutTarget', () => {
  it('lists whom the handler needs new ids for', () => {
    const state = bulkTargetsDecider.evolve(bulkTargetsDecider.initialState(), {
      ...created(700, 3),
      metadata: { occurredAt: '2026-01-01T00:00:00.000Z' },
    });
    expect(peopleWithoutTarget(assign({ currentTargets: new Map([[1, target(1, 5)]]) }), state)).toEqual([2]);
  });
});
