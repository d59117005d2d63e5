import { describe, it } from 'vitest';
import { projectionSpec } from '../framework/testing/projection-spec';
import { eventRecorder } from '../framework/testing/recorded-events';
import { notificationSwitchesProjector } from './notification-switches-projector';

const spec = projectionSpec(notificationSwitchesProjector);
const recorded = eventRecorder('2026-11-01T08:00:00.000Z');

describe('notificationSwitchesProjector', () => {
  it("keeps the organisation's switch of each kind as last changed", async () => {
    await spec
      .given(recorded('OrganisationNotificationSwitched', { kind: 'team', enabled: false }))
      .when(
        recorded('OrganisationNotificationSwitched', { kind: 'year-end', enabled: false }),
        recorded('OrganisationNotificationSwitched', { kind: 'team', enabled: true }),
      )
      .thenRows('organisation_notification_switches', [
        { kind: 'team', enabled: true },
        { kind: 'year-end', enabled: false },
      ]);
  });

  it("keeps each person's switches, and forgets a deleted account's", async () => {
    await spec
      .given(
        recorded('PersonNotificationSwitched', { userId: 7, kind: 'behind-pace', enabled: false }),
        recorded('PersonNotificationSwitched', { userId: 8, kind: 'behind-pace', enabled: false }),
      )
      .when(
        recorded('PersonNotificationSwitched', { userId: 7, kind: 'behind-pace', enabled: true }),
        recorded('PersonNotificationSwitched', { userId: 7, kind: 'team', enabled: false }),
        recorded('UserDeleted', { userId: 8, email: 'gone@example.com' }),
      )
      .thenRows('person_notification_switches', [
        { user_id: 7, kind: 'behind-pace', enabled: true },
        { user_id: 7, kind: 'team', enabled: false },
      ]);
  });
});
