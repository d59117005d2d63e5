import { describe, it } from 'vitest';
import { projectionSpec } from '../framework/testing/projection-spec';
import { eventRecorder } from '../framework/testing/recorded-events';
import { targetsProjector } from './targets-projector';

const spec = projectionSpec(targetsProjector);

const MARCH = '2026-03-01T10:00:00.000Z';
const APRIL = '2026-04-01T10:00:00.000Z';

const recorded = eventRecorder(MARCH);

const yearly = (
  type: 'YearlyTargetCreated' | 'YearlyTargetUpdated',
  yearlyTargetId: number,
  year: number,
  targetHours: number,
  description: string | null,
  at = MARCH,
) => recorded(type, { yearlyTargetId, year, targetHours, description }, at);
const personal = (
  type: 'UserTargetCreated' | 'UserTargetUpdated',
  userTargetId: number,
  userId: number,
  year: number,
  targetHours: number,
  at = MARCH,
) => recorded(type, { userTargetId, userId, year, targetHours, reason: `reason ${targetHours}`, setBy: 9 }, at);

const created = () => [
  yearly('YearlyTargetCreated', 1, 2026, 1500, 'Organisation-wide training target for 2026'),
  yearly('YearlyTargetCreated', 2, 2027, 10.5, null),
  personal('UserTargetCreated', 1, 5, 2026, 40),
  personal('UserTargetCreated', 2, 6, 2026, 60),
];

const expectedYearly = [
  { id: 1, year: 2026, target_hours: 1600, description: null, created_at: MARCH, updated_at: APRIL },
  { id: 2, year: 2027, target_hours: 10.5, description: null, created_at: MARCH, updated_at: MARCH },
];

describe('targets projector', () => {
  it('given yearly targets, when one is updated, keeps its creation time and the time of the update', async () => {
    await spec
      .given(created())
      .when(recorded('UserLoggedIn', { userId: 5 }), yearly('YearlyTargetUpdated', 1, 2026, 1600, null, APRIL))
      .thenRows('yearly_targets', expectedYearly);
  });

  it('given personal targets, when one is updated and a user deleted, keeps the others as they are now', async () => {
    await spec
      .given(created())
      .when([
        personal('UserTargetUpdated', 1, 5, 2026, 45, APRIL),
        recorded('UserDeleted', { userId: 6, email: 'six@example.com' }),
        personal('UserTargetCreated', 3, 7, 2027, 70),
      ])
      .thenRows('user_targets', [
        { id: 1, user_id: 5, year: 2026, target_hours: 45, reason: 'reason 45', set_by: 9, created_at: MARCH, updated_at: APRIL },
        { id: 3, user_id: 7, year: 2027, target_hours: 70, reason: 'reason 70', set_by: 9, created_at: MARCH, updated_at: MARCH },
      ]);
  });

  it('folds a whole history given in one batch', async () => {
    await spec
      .given()
      .when([...created(), yearly('YearlyTargetUpdated', 1, 2026, 1600, null, APRIL)])
      .thenRows('yearly_targets', expectedYearly);
  });
});
