import { NOTIFICATION_MESSAGES as M } from '@tht/contracts';
import { describe, it } from 'vitest';
import { deciderSpec } from '../platform/decider-spec';
import { organisationNotificationsDecider, personNotificationsDecider } from './notification-switches-decider';

describe("the organisation's reminder switches", () => {
  const spec = deciderSpec(organisationNotificationsDecider);
  const teamOff = { type: 'OrganisationNotificationSwitched', data: { kind: 'team', enabled: false } } as const;

  it('has every kind on until an administrator turns one off', () => {
    spec.given().when({ type: 'SwitchNotification', kind: 'team', enabled: true }).thenNothingHappens();
    spec.given().when({ type: 'SwitchNotification', kind: 'team', enabled: false }).then(teamOff);
  });

  it('turns a kind back on, and leaves the other kinds alone', () => {
    spec
      .given(teamOff)
      .when({ type: 'SwitchNotification', kind: 'team', enabled: true })
      .then({ type: 'OrganisationNotificationSwitched', data: { kind: 'team', enabled: true } });
    spec.given(teamOff).when({ type: 'SwitchNotification', kind: 'year-end', enabled: true }).thenNothingHappens();
  });
});

describe("a person's reminder switches", () => {
  const spec = deciderSpec(personNotificationsDecider);
  const command = { type: 'SwitchNotification', userId: 7, kind: 'behind-pace', enabled: false, personExists: true } as const;
  const off = { type: 'PersonNotificationSwitched', data: { userId: 7, kind: 'behind-pace', enabled: false } } as const;

  it('turns off one kind for the person, once', () => {
    spec.given().when(command).then(off);
    spec.given(off).when(command).thenNothingHappens();
  });

  it('refuses an account that is not there', () => {
    spec
      .given()
      .when({ ...command, personExists: false })
      .thenRefuses('not-found', M.userNotFound);
  });
});
