import { ACCOUNT_MESSAGES as M } from '@tht/contracts';
import { describe, it } from 'vitest';
import { deciderSpec } from '../platform/decider-spec';
import { personalDataDecider, type PersonalDataEvent } from './personal-data-decider';

const spec = deciderSpec(personalDataDecider);

const created: PersonalDataEvent = {
  type: 'UserCreated',
  data: {
    userId: 7,
    email: 'ada@example.com',
    firstName: 'Ada',
    lastName: 'Lovelace',
    role: 'employee',
    managerId: null,
    managerName: null,
    department: 'Engineering',
    passwordHash: 'hash',
    firstLoginRequired: false,
  },
};

describe('downloading a personal data copy', () => {
  it('records each download on the account, with its format', () => {
    spec
      .given(created, { type: 'PersonalDataExported', data: { userId: 7, format: 'json' } })
      .when({ userId: 7, format: 'csv' })
      .then({ type: 'PersonalDataExported', data: { userId: 7, format: 'csv' } });
  });

  it('is refused for an account that never existed', () => {
    spec.given().when({ userId: 7, format: 'json' }).thenRefuses('not-found', M.userNotFound);
  });
});
