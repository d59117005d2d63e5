import { describe, it } from 'vitest';
import type { ProjectedEvent } from '../framework/projector';
import { projectionSpec } from '../framework/testing/projection-spec';
import { eventRecorder } from '../framework/testing/recorded-events';
import { recordNamesProjector } from './record-names-projector';

const spec = projectionSpec(recordNamesProjector);
const recorded = eventRecorder('2026-01-05T09:00:00.000Z');
const on = <Event extends ProjectedEvent>(streamName: string, event: Event): Event => ({ ...event, streamName });
const position = (n: number) => String(n).padStart(20, '0');

const person = {
  userId: 7,
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  role: 'employee',
  managerId: null,
  managerName: null,
  department: 'Engineering',
  passwordHash: 'hash',
} as const;

describe('recordNamesProjector', () => {
  it('keeps what each event says of its record name, by stream and position, and nothing of other events', async () => {
    await spec
      .given(on('user-7', recorded('UserRegistered', person)))
      .when(
        on('user-7', recorded('UserLoggedIn', { userId: 7, sessionId: 's' })),
        on('user-7', recorded('UserUpdated', { userId: 7, changes: { lastName: 'Byron', role: 'manager' } })),
        on('department-2', recorded('DepartmentRenamed', { departmentId: 2, name: 'Research', previousName: 'R&D' })),
        on('form-field-4', recorded('FormFieldOptionAdded', { fieldId: 4, optionId: 9, value: 'v', label: 'Venue A', order: 1 })),
        on(
          'user-target-7-2026',
          recorded('UserTargetCreated', { userTargetId: 1, userId: 7, year: 2026, targetHours: 40, reason: null, setBy: 1 }),
        ),
      )
      .thenRows('record_names', [
        { stream_name: 'department-2', position: position(4), fields: { name: 'Research' } },
        { stream_name: 'user-7', position: position(1), fields: { firstName: 'Ada', lastName: 'Lovelace' } },
        { stream_name: 'user-7', position: position(3), fields: { lastName: 'Byron' } },
      ]);
  });
});
