import { describe, it } from 'vitest';
import { eventRecorder } from '../framework/testing/recorded-events';
import { projectionSpec } from '../framework/testing/projection-spec';
import { departmentsProjector } from './departments-projector';

const spec = projectionSpec(departmentsProjector);

/** Department events, each at the next day of January and the next version of its department's stream. */
function departmentEvents() {
  const versions = new Map<number, number>();
  let day = 0;
  const recorded = eventRecorder('2026-01-01T08:00:00.000Z');
  const of = <Event extends ReturnType<typeof recorded>>(departmentId: number, event: Event): Event => {
    const streamVersion = (versions.get(departmentId) ?? -1) + 1;
    versions.set(departmentId, streamVersion);
    return { ...event, streamName: `department-${departmentId}`, streamVersion };
  };
  const at = () => `2026-01-0${++day}T08:00:00.000Z`;
  return {
    created: (departmentId: number, name: string) => of(departmentId, recorded('DepartmentCreated', { departmentId, name }, at())),
    renamed: (departmentId: number, name: string, previousName: string) =>
      of(departmentId, recorded('DepartmentRenamed', { departmentId, name, previousName }, at())),
    deleted: (departmentId: number, name: string) => of(departmentId, recorded('DepartmentDeleted', { departmentId, name }, at())),
    unrelated: () => recorded('UserLoggedIn', { userId: 9 }, at()),
  };
}

describe('departmentsProjector', () => {
  it('given departments, when one is renamed, keeps its creation time and the version of its stream', async () => {
    const { created, renamed } = departmentEvents();
    await spec
      .given(created(1, 'Engineering'), created(2, 'Sales'))
      .when(renamed(1, 'R&D', 'Engineering'))
      .thenRows('departments', [
        { id: 1, name: 'R&D', created_at: '2026-01-01T08:00:00.000Z', version: 1 },
        { id: 2, name: 'Sales', created_at: '2026-01-02T08:00:00.000Z', version: 0 },
      ]);
  });

  it('when a department is deleted, removes it, and ignores events that are not about departments', async () => {
    const { created, deleted, unrelated } = departmentEvents();
    await spec
      .given([created(1, 'Engineering'), created(2, 'Sales')], created(3, 'Legal'))
      .when(deleted(2, 'Sales'), unrelated())
      .thenRows('departments', [
        { id: 1, name: 'Engineering', version: 0 },
        { id: 3, name: 'Legal', version: 0 },
      ]);
  });
});
