import { describe, expect, it } from 'vitest';
import { DIRECTORY_ACTOR, isVisitorAct } from './actors';
import { eventActor } from './history';

describe('a reset link asked for while signed out', () => {
  const requested = { type: 'PasswordResetRequested', data: { userId: 4, tokenHash: 'h', expiresAt: '2026-11-28T12:00:00.000Z' } };

  it("is a visitor's act", () => {
    expect(isVisitorAct(requested)).toBe(true);
  });

  it("is the system's when the operator made it on the server (npm run reset-admin-password)", () => {
    expect(isVisitorAct({ ...requested, data: { ...requested.data, requestedBy: 'operator' } })).toBe(false);
  });

  it('is no visitor act for other events', () => {
    expect(isVisitorAct({ type: 'PasswordChanged', data: { userId: 4 } })).toBe(false);
  });
});

describe('an act of the organisation directory (SCIM)', () => {
  const created = { type: 'UserCreated', data: { userId: 9 }, metadata: { actorId: null, occurredAt: '2026-11-28T12:00:00.000Z' } };

  it('names the directory as the actor', () => {
    expect(eventActor({ ...created, metadata: { ...created.metadata, actorKind: 'directory' } }, new Map())).toEqual({
      id: null,
      name: DIRECTORY_ACTOR,
    });
  });

  it("stays the system's without the directory's mark", () => {
    expect(eventActor(created, new Map())).toEqual({ id: null, name: null });
  });
});

describe('an entry a connected system reported (xAPI)', () => {
  it('names the system as the actor', () => {
    const logged = {
      type: 'EntryLogged',
      data: { entryId: 3, userId: 9 },
      metadata: {
        actorId: null,
        actorKind: 'connected-system' as const,
        actorName: 'Moodle',
        occurredAt: '2026-11-28T12:00:00.000Z',
      },
    };
    expect(eventActor(logged, new Map())).toEqual({ id: null, name: 'Connected system Moodle' });
  });
});
