import {
  ACCOUNT_MESSAGES as M,
  CONFLICT_MESSAGE,
  EMAIL_CONFIRMATION_MESSAGES as C,
  MAX_UNEXPIRED_RESET_LINKS,
  PASSWORD_RESET_MESSAGES as R,
  SSO_MESSAGES as S,
  type SsoIdentity,
  type UserProfileFields,
} from '@tht/contracts';
import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../platform/decider-spec';
import {
  accountDecider,
  checkCurrentPassword,
  emailClaimOf,
  isResetTokenUsable,
  type AccountOrigin,
  type AccountStreamEvent,
  type CurrentPasswordProof,
  type ManagerLookup,
  type NewAccount,
  type Placement,
  type ProfileRequest,
} from './account-decider';

const spec = deciderSpec(accountDecider);

const profile: UserProfileFields = {
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  role: 'employee',
  managerId: 2,
  managerName: 'Grace Hopper',
  department: 'Engineering',
};
const placement: Placement = { department: 'Engineering', managerId: 2, managerName: 'Grace Hopper' };

const created: AccountStreamEvent = {
  type: 'UserCreated',
  data: { userId: 7, ...profile, passwordHash: 'hash-1', firstLoginRequired: true },
};
const deleted: AccountStreamEvent = { type: 'UserDeleted', data: { userId: 7, email: profile.email } };

const grace: ManagerLookup = { id: 2, found: true, name: 'Grace Hopper', above: [] };
const alan: ManagerLookup = { id: 3, found: true, name: 'Alan Turing', above: [] };

describe('opening an account', () => {
  const account: NewAccount = {
    email: 'ada@example.com',
    firstName: 'Ada',
    lastName: 'Lovelace',
    role: 'employee',
    emailTaken: false,
    department: { found: true, name: 'Engineering' },
    manager: grace,
  };
  const open = (changes: Partial<NewAccount> = {}, origin: AccountOrigin = { registered: false, firstLoginRequired: true }) =>
    ({ type: 'OpenAccount', userId: 7, account: { ...account, ...changes }, origin, passwordHash: 'hash-1' }) as const;

  it('registers and signs in at once, with the department as listed and the manager by name, and mails a confirmation link', () => {
    const confirmation = { confirmationHash: 'confirm-1', expiresAt: '2025-01-16T09:00:00.000Z' };
    spec
      .given()
      .when(open({ department: { found: true, name: 'Engineering' } }, { registered: true, sessionId: 'session-1', confirmation }))
      .then(
        { type: 'UserRegistered', data: { userId: 7, ...profile, passwordHash: 'hash-1' } },
        { type: 'EmailConfirmationIssued', data: { userId: 7, ...confirmation } },
        { type: 'UserLoggedIn', data: { userId: 7, sessionId: 'session-1' } },
      );
  });

  it('creates an account without a password for the directory: it signs in by single sign-on', () => {
    spec
      .given()
      .when({ ...open({ manager: null }, { registered: false, firstLoginRequired: false }), passwordHash: null })
      .then({
        type: 'UserCreated',
        data: { userId: 7, ...profile, managerId: null, managerName: null, passwordHash: null, firstLoginRequired: false },
      });
  });

  it('creates an account that must change its password (admin) or not (start-up), with or without a manager', () => {
    spec.given().when(open()).then(created);
    spec
      .given()
      .when(open({ manager: null }, { registered: false, firstLoginRequired: false }))
      .then({
        type: 'UserCreated',
        data: { userId: 7, ...profile, managerId: null, managerName: null, passwordHash: 'hash-1', firstLoginRequired: false },
      });
  });

  it('refuses an address that has an account, an unknown department and a missing manager', () => {
    spec
      .given()
      .when(open({ emailTaken: true }))
      .thenRefuses('conflict', M.accountAlreadyExists);
    spec
      .given()
      .when(open({ department: { found: false, requested: 'Nowhere' } }))
      .thenRefuses('invalid', M.unknownDepartment('Nowhere'));
    spec
      .given()
      .when(open({ manager: { id: 99, found: false } }))
      .thenRefuses('invalid', M.managerNotFound);
  });

  it('never opens one stream twice', () => {
    spec.given(created).when(open()).thenRefuses('conflict', CONFLICT_MESSAGE);
  });
});

describe('updating a profile', () => {
  const self = { id: 7, role: 'employee' } as const;
  const admin = { id: 1, role: 'admin' } as const;
  const update = (request: ProfileRequest, editor: { id: number; role: 'employee' | 'admin' } = self, where = placement) =>
    ({ type: 'UpdateProfile', editor, request, placement: where }) as const;
  const updated = (changes: Partial<UserProfileFields>): AccountStreamEvent => ({
    type: 'UserUpdated',
    data: { userId: 7, changes },
  });
  const unchanged: ProfileRequest = {
    email: profile.email,
    firstName: 'Ada',
    lastName: 'Lovelace',
    role: 'employee',
    department: { found: true, name: 'Engineering' },
    manager: grace,
  };

  it('appends nothing when the profile is sent back unchanged', () => {
    spec.given(created).when(update(unchanged)).thenNothingHappens();
    spec.given(created).when(update({})).thenNothingHappens();
  });

  it('changes only what differs: department as listed, manager with their name', () => {
    spec
      .given(created)
      .when(update({ ...unchanged, department: { found: true, name: 'Sales' }, manager: alan }))
      .then(updated({ department: 'Sales', managerId: 3, managerName: 'Alan Turing' }));
  });

  it("compares department and manager with the user's current place, which other streams change", () => {
    const moved: Placement = { department: 'Platform Engineering', managerId: null, managerName: 'Grace Hopper' };
    spec
      .given(created)
      .when(update({ department: { found: true, name: 'Platform Engineering' } }, self, moved))
      .thenNothingHappens();
    spec
      .given(created)
      .when(update({ manager: grace }, self, moved))
      .then(updated({ managerId: 2 }));
  });

  it('keeps a typed manager name without an account, blank as none', () => {
    spec
      .given(created)
      .when(update({ manager: null, managerName: '  Someone Outside ' }))
      .then(updated({ managerId: null, managerName: 'Someone Outside' }));
    spec
      .given(created)
      .when(update({ manager: null, managerName: '  ' }))
      .then(updated({ managerId: null, managerName: null }));
  });

  it('takes a typed manager name alone only while the user has no manager account', () => {
    const noManager: Placement = { ...placement, managerId: null, managerName: 'Old Name' };
    spec
      .given(created)
      .when(update({ managerName: 'New Name' }, self, noManager))
      .then(updated({ managerName: 'New Name' }));
    spec
      .given(created)
      .when(update({ managerName: 'New Name' }))
      .thenNothingHappens();
  });

  it("requires a manager from the list on someone else's record", () => {
    spec
      .given(created)
      .when(update({ manager: null }, admin))
      .thenRefuses('invalid', M.managerRequired);
  });

  it('refuses an unknown department, a missing manager, oneself as manager and management loops', () => {
    spec
      .given(created)
      .when(update({ department: { found: false, requested: 'Nowhere' } }))
      .thenRefuses('invalid', M.unknownDepartment('Nowhere'));
    spec
      .given(created)
      .when(update({ manager: { id: 99, found: false } }))
      .thenRefuses('invalid', M.managerNotFound);
    spec
      .given(created)
      .when(update({ manager: { id: 7, found: true, name: 'Ada Lovelace', above: [2] } }))
      .thenRefuses('invalid', M.ownManager);
    spec
      .given(created)
      .when(update({ manager: { id: 4, found: true, name: 'Kate Report', above: [5, 7] } }))
      .thenRefuses('invalid', M.managerCycle);
  });

  it('never lets anyone change their own role, and only admins names and e-mail addresses', () => {
    spec
      .given(created)
      .when(update({ role: 'admin' }))
      .thenRefuses('forbidden', M.ownRoleUnchangeable);
    spec
      .given({ ...created, data: { ...created.data, userId: 1, role: 'admin' } })
      .when(update({ role: 'employee' }, admin))
      .thenRefuses('forbidden', M.ownRoleUnchangeable);
    spec
      .given(created)
      .when(update({ firstName: 'Augusta' }))
      .thenRefuses('forbidden', M.identityAdminOnly);
    spec
      .given(created)
      .when(update({ email: 'augusta@example.com', firstName: 'Augusta', role: 'hr' }, admin))
      .then(updated({ email: 'augusta@example.com', firstName: 'Augusta', role: 'hr' }));
  });

  it('lets the directory state every field of anyone, and leave them without a manager', () => {
    spec
      .given(created)
      .when({ type: 'UpdateProfile', editor: 'directory', request: { firstName: 'Augusta', role: 'hr', manager: null }, placement })
      .then(updated({ firstName: 'Augusta', role: 'hr', managerId: null, managerName: null }));
    spec
      .given(created)
      .when({
        type: 'UpdateProfile',
        editor: 'directory',
        request: { manager: { id: 7, found: true, name: 'Ada', above: [] } },
        placement,
      })
      .thenRefuses('invalid', M.ownManager);
  });

  it('compares with the latest e-mail, names and role of the stream', () => {
    spec
      .given(created, updated({ email: 'augusta@example.com', role: 'hr' }))
      .when(update({ email: 'augusta@example.com', role: 'hr' }, admin))
      .thenNothingHappens();
  });

  it('refuses an account that was never opened or is deleted', () => {
    spec.given().when(update({})).thenRefuses('not-found', M.userNotFound);
    spec.given(created, deleted).when(update({})).thenRefuses('not-found', M.userNotFound);
  });
});

describe('deleting an account', () => {
  const remove = (editorId = 1) => ({ type: 'DeleteAccount', editorId }) as const;

  it('deletes with the current e-mail address, whose reservation the handler then frees', () => {
    spec.given(created).when(remove()).then(deleted);
    spec
      .given(created, { type: 'UserUpdated', data: { userId: 7, changes: { email: 'new@example.com' } } })
      .when(remove())
      .then({ type: 'UserDeleted', data: { userId: 7, email: 'new@example.com' } });
  });

  it('deletes for the directory, which is nobody', () => {
    spec.given(created).when({ type: 'DeleteAccount', editorId: null }).then(deleted);
  });

  it("refuses one's own account, and accounts that are not there", () => {
    spec.given(created).when(remove(7)).thenRefuses('invalid', M.ownAccountUndeletable);
    spec.given().when(remove()).thenRefuses('not-found', M.userNotFound);
    spec.given(created, deleted).when(remove()).thenRefuses('not-found', M.userNotFound);
  });
});

describe('deactivating and reactivating an account (leavers are switched off, not deleted)', () => {
  const deactivate = (actorId: number | null = 1) => ({ type: 'DeactivateAccount', actorId }) as const;
  const reactivate = { type: 'ReactivateAccount' } as const;
  const deactivated: AccountStreamEvent = { type: 'UserDeactivated', data: { userId: 7 } };
  const reactivated: AccountStreamEvent = { type: 'UserReactivated', data: { userId: 7 } };

  it('switches an active account off, by an admin or the directory, and on again', () => {
    spec.given(created).when(deactivate()).then(deactivated);
    spec.given(created).when(deactivate(null)).then(deactivated);
    spec.given(created, deactivated).when(reactivate).then(reactivated);
    spec.given(created, deactivated, reactivated).when(deactivate()).then(deactivated);
  });

  it('is idempotent: switching off an account that is off, or on one that is on, appends nothing', () => {
    spec.given(created, deactivated).when(deactivate()).thenNothingHappens();
    spec.given(created).when(reactivate).thenNothingHappens();
    spec.given(created, deactivated, reactivated).when(reactivate).thenNothingHappens();
  });

  it('never lets anyone switch their own account off (an admin cannot lock themselves out)', () => {
    spec.given(created).when(deactivate(7)).thenRefuses('invalid', M.ownAccountUndeactivatable);
  });

  it('refuses accounts that are not there', () => {
    spec.given().when(deactivate()).thenRefuses('not-found', M.userNotFound);
    spec.given(created, deleted).when(deactivate()).thenRefuses('not-found', M.userNotFound);
    spec.given(created, deactivated, deleted).when(reactivate).thenRefuses('not-found', M.userNotFound);
  });

  it('issues no reset link to a deactivated account, and refuses one mailed before, saying why', () => {
    const reset = { tokenHash: 'a', expiresAt: '2025-01-15T09:25:00.000Z' };
    const now = '2025-01-15T09:10:00.000Z';
    const requested: AccountStreamEvent = { type: 'PasswordResetRequested', data: { userId: 7, ...reset } };
    const complete = { type: 'CompletePasswordReset', tokenHash: 'a', passwordHash: 'hash-new', now } as const;
    spec
      .given(created, deactivated)
      .when({ type: 'RequestPasswordReset', reset, now })
      .thenRefuses('forbidden', M.accountDeactivated);
    spec.given(created, requested, deactivated).when(complete).thenRefuses('forbidden', M.accountDeactivated);
    // The link does not come back with the account.
    spec.given(created, requested, deactivated, reactivated).when(complete).thenRefuses('invalid', M.resetTokenExpired);
  });

  it('keeps the account editable while it is off (the directory may still rename a leaver)', () => {
    spec
      .given(created, deactivated)
      .when({ type: 'UpdateProfile', editor: { id: 1, role: 'admin' }, request: { lastName: 'King' }, placement })
      .then({ type: 'UserUpdated', data: { userId: 7, changes: { lastName: 'King' } } });
  });
});

describe('passwords', () => {
  const change = (currentPassword: CurrentPasswordProof, passwordHash = 'hash-2') =>
    ({ type: 'ChangePassword', passwordHash, currentPassword }) as const;
  const changed: AccountStreamEvent = { type: 'PasswordChanged', data: { userId: 7, passwordHash: 'hash-2' } };
  const registered: AccountStreamEvent = { type: 'UserRegistered', data: { userId: 7, ...profile, passwordHash: 'hash-1' } };
  const startUpAdmin: AccountStreamEvent = {
    type: 'UserCreated',
    data: { userId: 7, ...profile, passwordHash: 'hash-1', firstLoginRequired: false },
  };
  const temporary: AccountStreamEvent = { type: 'TemporaryPasswordSet', data: { userId: 7, passwordHash: 'hash-3' } };

  it('records a chosen or a temporary password of an account that is there', () => {
    spec.given(created).when(change('verified')).then(changed);
    spec
      .given(created)
      .when({ type: 'SetTemporaryPassword', passwordHash: 'hash-3' })
      .then({ type: 'TemporaryPasswordSet', data: { userId: 7, passwordHash: 'hash-3' } });
    spec.given(created, deleted).when(change('verified', 'x')).thenRefuses('not-found', M.userNotFound);
    spec.given().when({ type: 'SetTemporaryPassword', passwordHash: 'x' }).thenRefuses('not-found', M.userNotFound);
  });

  it('asks for the current password of an account whose password is its own', () => {
    for (const given of [[registered], [startUpAdmin], [created, changed], [created, temporary, changed]]) {
      spec
        .given(...given)
        .when(change('missing'))
        .thenRefuses('invalid', M.currentPasswordRequired);
      spec
        .given(...given)
        .when(change('wrong'))
        .thenRefuses('invalid', M.currentPasswordWrong);
      spec
        .given(...given)
        .when(change('verified'))
        .then(changed);
    }
  });

  it('lets an account with a temporary or admin-given password choose one without it', () => {
    spec.given(created).when(change('missing')).then(changed);
    spec.given(registered, temporary).when(change('missing')).then(changed);
    spec.given(registered, temporary).when(change('wrong')).then(changed);
  });

  it('the handler asks the same rule before hashing the new password', () => {
    expect(() => checkCurrentPassword(true, 'missing')).not.toThrow();
    expect(() => checkCurrentPassword(false, 'verified')).not.toThrow();
    expect(() => checkCurrentPassword(false, 'missing')).toThrow(M.currentPasswordRequired);
    expect(() => checkCurrentPassword(false, 'wrong')).toThrow(M.currentPasswordWrong);
  });
});

describe('password reset', () => {
  const expiresAt = '2025-01-15T09:15:00.000Z';
  const now = '2025-01-15T09:10:00.000Z';
  const requested = (tokenHash: string, expiry = expiresAt): AccountStreamEvent => ({
    type: 'PasswordResetRequested',
    data: { userId: 7, tokenHash, expiresAt: expiry },
  });
  const request = (tokenHash: string, at = now) =>
    ({ type: 'RequestPasswordReset', reset: { tokenHash, expiresAt: '2025-01-15T09:25:00.000Z' }, now: at }) as const;
  const complete = (tokenHash: string, at = now) =>
    ({ type: 'CompletePasswordReset', tokenHash, passwordHash: 'hash-new', now: at }) as const;
  const completed: AccountStreamEvent = { type: 'PasswordResetCompleted', data: { userId: 7, passwordHash: 'hash-new' } };

  it('issues a token to an account that is there', () => {
    spec.given(created).when(request('a')).then(requested('a', '2025-01-15T09:25:00.000Z'));
    spec.given().when(request('a')).thenRefuses('not-found', M.accountDoesNotExist);
    spec.given(created, deleted).when(request('a')).thenRefuses('not-found', M.accountDoesNotExist);
  });

  it('keeps earlier unexpired tokens valid when another is issued: any of them sets the new password', () => {
    spec.given(created, requested('a'), requested('b')).when(complete('a')).then(completed);
    spec.given(created, requested('a'), requested('b')).when(complete('b')).then(completed);
  });

  it(`issues no more than ${MAX_UNEXPIRED_RESET_LINKS} unexpired tokens at once`, () => {
    const full = [created, requested('a'), requested('b'), requested('c')];
    spec
      .given(...full)
      .when(request('d'))
      .thenRefuses('conflict', R.tooManyUnexpiredLinks(MAX_UNEXPIRED_RESET_LINKS));
    // Once they have expired, or a new password ended them, a request gets a token again.
    spec
      .given(...full)
      .when(request('d', expiresAt))
      .then(requested('d', '2025-01-15T09:25:00.000Z'));
    spec
      .given(...full, completed)
      .when(request('d'))
      .then(requested('d', '2025-01-15T09:25:00.000Z'));
  });

  it('refuses an expired or used token, one ended by a new password, and one of a deleted account', () => {
    spec.given(created, requested('a')).when(complete('a', expiresAt)).thenRefuses('invalid', M.resetTokenExpired);
    spec.given(created, requested('a'), requested('b'), completed).when(complete('a')).thenRefuses('invalid', M.resetTokenExpired);
    spec
      .given(created, requested('a'), { type: 'PasswordChanged', data: { userId: 7, passwordHash: 'hash-2' } })
      .when(complete('a'))
      .thenRefuses('invalid', M.resetTokenExpired);
    spec
      .given(created, requested('a'), { type: 'TemporaryPasswordSet', data: { userId: 7, passwordHash: 'hash-2' } })
      .when(complete('a'))
      .thenRefuses('invalid', M.resetTokenExpired);
    spec.given(created, requested('a'), deleted).when(complete('a')).thenRefuses('invalid', M.resetTokenExpired);
  });

  it('tells a usable token by its hash and expiry alone (the handler asks before hashing the password)', () => {
    const resets = [{ tokenHash: 'a', expiresAt }];
    expect(isResetTokenUsable(resets, 'a', '2025-01-15T09:14:59.999Z')).toBe(true);
    expect(isResetTokenUsable(resets, 'a', expiresAt)).toBe(false);
    expect(isResetTokenUsable(resets, 'b', '2025-01-15T09:00:00.000Z')).toBe(false);
    expect(isResetTokenUsable([], 'a', '2025-01-15T09:00:00.000Z')).toBe(false);
  });
});

describe('single sign-on', () => {
  const acme: SsoIdentity = { issuer: 'https://login.acme.example', subject: 'ada-at-acme' };
  const linked = (identity: SsoIdentity): AccountStreamEvent => ({ type: 'SsoIdentityLinked', data: { userId: 7, ...identity } });
  const link = (identity: SsoIdentity) => ({ type: 'LinkSsoIdentity', identity }) as const;
  const account: NewAccount = {
    email: 'ada@example.com',
    firstName: 'Ada',
    lastName: 'Lovelace',
    role: 'employee',
    emailTaken: false,
    department: { found: true, name: 'Engineering' },
    manager: grace,
  };
  const openSso = (changes: Partial<NewAccount> = {}) =>
    ({ type: 'OpenSsoAccount', userId: 7, account: { ...account, ...changes }, identity: acme, sessionId: 's-1' }) as const;

  it("links an account to its person's identity at the first single sign-on, and only then", () => {
    spec.given(created).when(link(acme)).then(linked(acme));
    spec.given(created, linked(acme)).when(link(acme)).thenNothingHappens();
  });

  it('links again when the organisation moves to another provider', () => {
    const okta = { issuer: 'https://acme.okta.example', subject: '00u1' };
    spec.given(created, linked(acme)).when(link(okta)).then(linked(okta));
  });

  it('refuses another person at the same provider (an e-mail address handed on), and a deleted account', () => {
    spec
      .given(created, linked(acme))
      .when(link({ ...acme, subject: 'someone-else' }))
      .thenRefuses('forbidden', S.identityMismatch);
    spec.given(created, deleted).when(link(acme)).thenRefuses('not-found', M.userNotFound);
  });

  it('opens an account without a password at the first single sign-on, linked and signed in with the provider named', () => {
    spec
      .given()
      .when(openSso())
      .then({ type: 'UserRegistered', data: { userId: 7, ...profile, passwordHash: null } }, linked(acme), {
        type: 'UserLoggedIn',
        data: { userId: 7, sessionId: 's-1', provider: acme.issuer },
      });
  });

  it('refuses a first single sign-on for a taken address or an unknown department, and never opens one stream twice', () => {
    spec
      .given()
      .when(openSso({ emailTaken: true }))
      .thenRefuses('conflict', M.accountAlreadyExists);
    spec
      .given()
      .when(openSso({ department: { found: false, requested: 'Nowhere' } }))
      .thenRefuses('invalid', M.unknownDepartment('Nowhere'));
    spec.given(created).when(openSso()).thenRefuses('conflict', CONFLICT_MESSAGE);
  });
});

describe('proven addresses: confirmation links and claims through single sign-on', () => {
  const acme: SsoIdentity = { issuer: 'https://login.acme.example', subject: 'ada-at-acme' };
  const registered: AccountStreamEvent = { type: 'UserRegistered', data: { userId: 7, ...profile, passwordHash: 'squatter-hash' } };
  const issued: AccountStreamEvent = {
    type: 'EmailConfirmationIssued',
    data: { userId: 7, confirmationHash: 'confirm-1', expiresAt: '2025-01-16T09:00:00.000Z' },
  };
  const confirmed: AccountStreamEvent = { type: 'EmailConfirmed', data: { userId: 7, email: profile.email } };
  const claimed: AccountStreamEvent = { type: 'AccountClaimed', data: { userId: 7, provider: acme.issuer } };
  const linked = (identity: SsoIdentity): AccountStreamEvent => ({ type: 'SsoIdentityLinked', data: { userId: 7, ...identity } });
  const link = { type: 'LinkSsoIdentity', identity: acme } as const;
  const confirm = (confirmationHash = 'confirm-1', now = '2025-01-15T10:00:00.000Z') =>
    ({ type: 'ConfirmEmail', confirmationHash, now }) as const;
  const addressChanged: AccountStreamEvent = { type: 'UserUpdated', data: { userId: 7, changes: { email: 'ada.l@example.com' } } };

  it('confirms the address with the link mailed at registration, once, before it expires', () => {
    spec.given(registered, issued).when(confirm()).then(confirmed);
    spec.given(registered, issued, confirmed).when(confirm()).thenRefuses('invalid', C.expiredLink);
    spec.given(registered, issued).when(confirm('confirm-1', '2025-01-16T09:00:00.000Z')).thenRefuses('invalid', C.expiredLink);
    spec.given(registered, issued).when(confirm('another-link')).thenRefuses('invalid', C.expiredLink);
  });

  it('refuses a link for an address since changed, of a deleted account, or of no account', () => {
    spec.given(registered, issued, addressChanged).when(confirm()).thenRefuses('invalid', C.expiredLink);
    spec.given(registered, issued, deleted).when(confirm()).thenRefuses('invalid', C.expiredLink);
    spec.given().when(confirm()).thenRefuses('invalid', C.expiredLink);
  });

  it("lets the address's owner claim a self-registered account whose address was never proven", () => {
    spec.given(registered, issued).when(link).then(claimed, linked(acme));
  });

  it('claims even an account linked before addresses had to be proven, and only once', () => {
    spec.given(registered, linked(acme)).when(link).then(claimed, linked(acme));
    spec.given(registered, claimed, linked(acme)).when(link).thenNothingHappens();
  });

  it('links, without a claim, an address proven by its link, by an admin or start-up, or by an address change by an admin', () => {
    spec.given(registered, issued, confirmed).when(link).then(linked(acme));
    spec.given(created).when(link).then(linked(acme));
    spec.given(registered, addressChanged).when(link).then(linked(acme));
  });

  it('refuses another person at the provider before any claim', () => {
    spec
      .given(registered, linked(acme))
      .when({ type: 'LinkSsoIdentity', identity: { ...acme, subject: 'someone-else' } })
      .thenRefuses('forbidden', S.identityMismatch);
  });

  it('ends the reset links and a pending password change of the claimed account', () => {
    const reset: AccountStreamEvent = {
      type: 'PasswordResetRequested',
      data: { userId: 7, tokenHash: 'reset-1', expiresAt: '2025-01-15T09:15:00.000Z' },
    };
    const now = '2025-01-15T09:05:00.000Z';
    spec
      .given(registered, reset, claimed)
      .when({ type: 'CompletePasswordReset', tokenHash: 'reset-1', passwordHash: 'hash-2', now })
      .thenRefuses('invalid', M.resetTokenExpired);
    spec
      .given(created, claimed)
      .when({ type: 'ChangePassword', passwordHash: 'hash-2', currentPassword: 'missing' })
      .thenRefuses('invalid', M.currentPasswordRequired);
  });

  describe("the claimed account's first-sign-in screen", () => {
    const request = {
      firstName: 'Ada',
      lastName: 'King',
      department: { found: true, name: 'Research' },
      manager: alan,
    } as const;
    const place = (identity: SsoIdentity = acme) =>
      ({ type: 'PlaceClaimedAccount', identity, request, placement, sessionId: 's-1' }) as const;

    it("sets the owner's names, department and manager, then signs them in through the provider", () => {
      spec
        .given(registered, claimed, linked(acme))
        .when(place())
        .then(
          {
            type: 'UserUpdated',
            data: { userId: 7, changes: { lastName: 'King', department: 'Research', managerId: 3, managerName: 'Alan Turing' } },
          },
          { type: 'PlacementConfirmed', data: { userId: 7 } },
          { type: 'UserLoggedIn', data: { userId: 7, sessionId: 's-1', provider: acme.issuer } },
        );
    });

    it('is refused for an account not claimed, already placed, or claimed by another identity', () => {
      spec.given(registered, issued).when(place()).thenRefuses('conflict', CONFLICT_MESSAGE);
      spec
        .given(registered, claimed, linked(acme), { type: 'PlacementConfirmed', data: { userId: 7 } })
        .when(place())
        .thenRefuses('conflict', CONFLICT_MESSAGE);
      spec
        .given(registered, claimed, linked(acme))
        .when(place({ ...acme, subject: 'someone-else' }))
        .thenRefuses('conflict', CONFLICT_MESSAGE);
      spec
        .given(registered, claimed, linked(acme))
        .when({ ...place(), request: { ...request, department: { found: false, requested: 'Nowhere' } } })
        .thenRefuses('invalid', M.unknownDepartment('Nowhere'));
    });
  });
});

describe('e-mail reservations', () => {
  const account = {
    userId: 7,
    email: 'ada@example.com',
    firstName: 'Ada',
    lastName: 'Lovelace',
    role: 'employee' as const,
    resets: [],
    mustChangePassword: false,
    ssoIdentity: null,
    emailProven: true,
    confirmation: null,
    placementRequired: false,
    deactivated: false,
    erased: false,
    deleted: false,
  };

  it('takes the address of a new account, swaps it on a change of address, and frees it on deletion', () => {
    expect(emailClaimOf(created, null)).toEqual({ take: 'ada@example.com' });
    expect(emailClaimOf({ type: 'UserUpdated', data: { userId: 7, changes: { email: 'new@example.com' } } }, account)).toEqual({
      take: 'new@example.com',
      giveUp: 'ada@example.com',
    });
    expect(emailClaimOf(deleted, account)).toEqual({ giveUp: 'ada@example.com' });
  });

  it('leaves the address alone otherwise', () => {
    expect(emailClaimOf({ type: 'UserUpdated', data: { userId: 7, changes: { department: 'Sales' } } }, account)).toEqual({});
    expect(emailClaimOf({ type: 'PasswordChanged', data: { userId: 7, passwordHash: 'x' } }, account)).toEqual({});
    expect(emailClaimOf(undefined, account)).toEqual({});
  });
});
