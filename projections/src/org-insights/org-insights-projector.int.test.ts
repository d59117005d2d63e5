import { describe, it } from 'vitest';
import { entryEvents } from '../framework/testing/entry-events';
import { projectionSpec } from '../framework/testing/projection-spec';
import { eventRecorder } from '../framework/testing/recorded-events';
import { orgInsightsProjector } from './org-insights-projector';

const spec = projectionSpec(orgInsightsProjector);

const recorded = eventRecorder('2025-03-01T10:00:00.000Z');

// Named 'Course', rated 3 (not high) and not innovative unless a test says otherwise.
const { logged, edited, deleted } = entryEvents(recorded, { trainingName: 'Course', rating: 3 });
const userDeleted = (userId: number) => recorded('UserDeleted', { userId, email: `user${userId}@example.com` });

/** Rows of `org_course_ratings` from 'year name completions sum' lines. */
const courses = (...lines: string[]) =>
  lines.map((line) => {
    const [year, ...rest] = line.split(' ');
    const [completions, ratingSum] = rest.splice(-2);
    return { year: Number(year), training_name: rest.join(' '), completions: Number(completions), rating_sum: Number(ratingSum) };
  });

describe('org insights projector', () => {
  it('given logged entries, counts per year and training name the entries rated 4 or more and their ratings', async () => {
    await spec
      .given([logged(1, 10, { trainingName: 'Excel', rating: 5 }), logged(2, 11, { trainingName: 'Excel', rating: 4 })])
      .when(
        logged(3, 10, { trainingName: 'Excel', rating: 3 }),
        logged(4, 10, { trainingName: 'Excel', rating: 5, date: '2024-06-01' }),
        logged(5, 12, { trainingName: 'First aid', rating: 0 }),
      )
      .thenRows('org_course_ratings', courses('2024 Excel 1 5', '2025 Excel 2 9'));
  });

  it('when an entry is re-rated, renamed or moved to another year, moves its rating with it', async () => {
    const given = [logged(1, 10, { trainingName: 'Excel', rating: 5 }), logged(2, 10, { trainingName: 'Excel', rating: 4 })];
    const reRated = edited(1, 10, { trainingName: 'Excel', rating: 3 });
    const moved = edited(2, 10, { trainingName: 'Advanced Excel', rating: 5, date: '2024-01-02' });
    await spec.given(given).when(reRated).thenRows('org_course_ratings', courses('2025 Excel 1 4'));
    await spec.given(given, reRated).when(moved).thenRows('org_course_ratings', courses('2024 Advanced Excel 1 5'));
    await spec
      .given(given, reRated, moved)
      .when(edited(1, 10, { trainingName: 'Excel', rating: 4 }))
      .thenRows('org_course_ratings', courses('2024 Advanced Excel 1 5', '2025 Excel 1 4'));
  });

  it('when entries are deleted, takes their ratings out and drops a course left with none', async () => {
    const afterDeletion = spec
      .given(logged(1, 10, { trainingName: 'Excel', rating: 5 }), logged(2, 10, { trainingName: 'Leadership', rating: 4 }))
      .when(deleted(1, 10));
    await afterDeletion.thenRows('org_course_ratings', courses('2025 Leadership 1 4'));
    await afterDeletion.thenRows('org_insight_entries', [{ entry_id: 2, training_name: 'Leadership', rating: 4 }]);
  });

  it('keeps every entry with its year, date and whether it is innovative, as edits leave it', async () => {
    await spec
      .given(
        logged(1, 10, { beInnovative: true, date: '2025-01-05' }),
        logged(2, 10, { beInnovative: true, date: '2025-03-01' }),
        logged(3, 11, { beInnovative: false, date: '2025-04-01' }),
        logged(4, 11, { beInnovative: true, date: '2025-03-01' }),
        logged(5, 11, { beInnovative: true, date: '2024-12-31' }),
      )
      .when(edited(2, 10, { beInnovative: false, date: '2025-03-01' }), edited(3, 11, { beInnovative: true, date: '2025-04-01' }))
      .thenRows('org_insight_entries', [
        { entry_id: 1, user_id: 10, year: 2025, date: '2025-01-05', innovative: true },
        { entry_id: 2, user_id: 10, year: 2025, date: '2025-03-01', innovative: false },
        { entry_id: 3, user_id: 11, year: 2025, date: '2025-04-01', innovative: true },
        { entry_id: 4, user_id: 11, year: 2025, date: '2025-03-01', innovative: true },
        { entry_id: 5, user_id: 11, year: 2024, date: '2024-12-31', innovative: true },
      ]);
  });

  it('when a user is deleted, their entries and ratings leave (even those of the same batch); later edits of them change nothing', async () => {
    const given = [
      logged(1, 10, { trainingName: 'Excel', rating: 5, beInnovative: true }),
      logged(2, 11, { trainingName: 'Excel', rating: 4 }),
    ];
    const deletion = [
      logged(3, 10, { trainingName: 'Excel', rating: 4 }),
      edited(2, 11, { trainingName: 'Excel', rating: 5 }),
      userDeleted(10),
    ];
    const afterDeletion = spec.given(given).when(deletion);
    await afterDeletion.thenRows('org_course_ratings', courses('2025 Excel 1 5'));
    await afterDeletion.thenRows('org_insight_entries', [{ entry_id: 2, user_id: 11 }]);
    await spec
      .given(given, deletion)
      .when(edited(1, 10, { trainingName: 'Excel', rating: 5 }))
      .thenRows('org_course_ratings', courses('2025 Excel 1 5'));
  });

  it('reaches the same rows however the events are cut into batches', async () => {
    const history = [
      logged(1, 10, { trainingName: 'Excel', rating: 5, beInnovative: true }),
      logged(2, 10, { trainingName: 'Excel', rating: 4 }),
      edited(1, 10, { trainingName: 'Cloud', rating: 4, beInnovative: true }),
      logged(3, 11, { trainingName: 'Cloud', rating: 5, date: '2024-02-02' }),
      deleted(2, 10),
      logged(4, 12, { trainingName: 'Excel', rating: 5 }),
      userDeleted(12),
      edited(3, 11, { trainingName: 'Cloud', rating: 4, date: '2025-02-02' }),
    ];
    await spec.given(history.slice(0, 3)).when(history.slice(3)).thenRows('org_course_ratings', courses('2025 Cloud 2 8'));
  });
});
