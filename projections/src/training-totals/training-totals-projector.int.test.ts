import { describe, it } from 'vitest';
import { entryEvents } from '../framework/testing/entry-events';
import { projectionSpec } from '../framework/testing/projection-spec';
import { eventRecorder } from '../framework/testing/recorded-events';
import { trainingTotalsProjector } from './training-totals-projector';

const spec = projectionSpec(trainingTotalsProjector);

const recorded = eventRecorder('2025-03-01T10:00:00.000Z');

const { logged, edited, deleted } = entryEvents(recorded, { trainingName: 'Course', rating: 3 });

interface Totals {
  user: number;
  year: number;
  hours: number;
  entries: number;
  highRated?: number;
  innovative?: number;
  innovativeHours?: number;
  /** Hours per month, January = 1; the other months 0. */
  byMonth: Record<number, number>;
}

/** A row of `training_totals`: its numerics as PostgreSQL writes them (trimmed), those of the array as numbers (as pg reads them). */
const totals = ({ user, year, hours, entries, highRated = 0, innovative = 0, innovativeHours = 0, byMonth }: Totals) => ({
  user_id: user,
  year,
  hours: String(hours),
  entries,
  high_rated: highRated,
  innovative,
  innovative_hours: String(innovativeHours),
  hours_by_month: Array.from({ length: 12 }, (_, index) => byMonth[index + 1] ?? 0),
});

/** Rows of `training_topics` from 'user year topic entries' lines. */
const topics = (...lines: string[]) =>
  lines.map((line) => {
    const [user, year, ...rest] = line.split(' ');
    const entries = rest.pop();
    return { user_id: Number(user), year: Number(year), topic: rest.join(' '), entries: Number(entries) };
  });

describe('training totals projector', () => {
  it('given logged entries, keeps per person and year the hours, entries, high rated, innovative and hours per month', async () => {
    await spec
      .given([
        logged(1, 10, { date: '2025-01-10', hours: '2.5', rating: 4 }),
        logged(2, 10, { date: '2025-03-02', hours: '1', rating: 5, beInnovative: true }),
      ])
      .when(
        logged(3, 10, { date: '2025-03-20', hours: '0.25', rating: 3 }),
        logged(4, 10, { date: '2024-12-31', hours: '7' }),
        logged(5, 11, { date: '2025-06-01', hours: '3', rating: 0 }),
      )
      .thenRows('training_totals', [
        totals({ user: 10, year: 2024, hours: 7, entries: 1, byMonth: { 12: 7 } }),
        totals({
          user: 10,
          year: 2025,
          hours: 3.75,
          entries: 3,
          highRated: 2,
          innovative: 1,
          innovativeHours: 1,
          byMonth: { 1: 2.5, 3: 1.25 },
        }),
        totals({ user: 11, year: 2025, hours: 3, entries: 1, byMonth: { 6: 3 } }),
      ]);
  });

  it('given entries naming topics, counts each entry once per topic it mentions in its name or notes', async () => {
    await spec
      .given(
        logged(1, 10, { trainingName: 'Risk Management', notes: 'risk, risk and risk' }),
        logged(2, 10, { trainingName: 'Lean Six-Sigma for managers', notes: 'management tools' }),
        logged(3, 10, { trainingName: 'Brisk walking', date: '2024-05-05' }),
      )
      .when(logged(4, 11, { trainingName: 'Teamwork', notes: 'AI in teams' }))
      .thenRows(
        'training_topics',
        topics(
          '10 2025 Lean 1',
          '10 2025 Management 2',
          '10 2025 Risk 1',
          '10 2025 Six Sigma 1',
          '11 2025 AI 1',
          '11 2025 Teamwork 1',
        ),
      );
  });

  it('when an entry is moved to another date and year, moves its hours, month and topics with it', async () => {
    const moved = spec
      .given(
        logged(1, 10, { date: '2025-02-01', hours: '2', trainingName: 'Leadership' }),
        logged(2, 10, { date: '2025-05-05', hours: '1' }),
      )
      .when(edited(1, 10, { date: '2024-11-15', hours: '3', trainingName: 'Leadership', rating: 5 }));
    await moved.thenRows('training_totals', [
      totals({ user: 10, year: 2024, hours: 3, entries: 1, highRated: 1, byMonth: { 11: 3 } }),
      totals({ user: 10, year: 2025, hours: 1, entries: 1, byMonth: { 5: 1 } }),
    ]);
    await moved.thenRows('training_topics', topics('10 2024 Leadership 1'));
  });

  it('when an edit changes the name, counts the topics of the new name only', async () => {
    await spec
      .given(logged(1, 10, { trainingName: 'Risk basics' }))
      .when(edited(1, 10, { trainingName: 'Cloud security' }))
      .thenRows('training_topics', topics('10 2025 Cloud 1', '10 2025 Security 1'));
  });

  it('when an entry is deleted, takes it out, and a year left with no entries has no row', async () => {
    const afterDeletion = spec
      .given(logged(1, 10, { hours: '1.5', trainingName: 'Risk' }), logged(2, 10, { hours: '2', date: '2024-01-01' }))
      .when(deleted(1, 10));
    await afterDeletion.thenRows('training_totals', [totals({ user: 10, year: 2024, hours: 2, entries: 1, byMonth: { 1: 2 } })]);
    await afterDeletion.thenRows('training_topics', []);
  });

  it('when a batch changes hours without changing counts, or changes nothing, the totals follow exactly', async () => {
    const changed = spec
      .given(
        logged(1, 10, { hours: '1.5', date: '2025-02-01' }),
        logged(2, 10, { hours: '0.25', date: '2025-02-03' }),
        logged(3, 11, { hours: '2', date: '2025-04-04', trainingName: 'Risk' }),
        logged(5, 12, { hours: '1.50', date: '2024-06-06', trainingName: 'Risk' }),
      )
      .when([
        edited(1, 10, { hours: '2.25', date: '2025-03-01' }),
        edited(2, 10, { hours: '0.25', date: '2025-02-03' }),
        deleted(3, 11),
        logged(4, 11, { hours: '0.75', date: '2025-04-05', trainingName: 'Risk' }),
        edited(5, 12, { hours: '1.5', date: '2024-06-07', trainingName: 'Risk' }),
      ]);
    await changed.thenRows('training_totals', [
      totals({ user: 10, year: 2025, hours: 2.5, entries: 2, byMonth: { 2: 0.25, 3: 2.25 } }),
      totals({ user: 11, year: 2025, hours: 0.75, entries: 1, byMonth: { 4: 0.75 } }),
      totals({ user: 12, year: 2024, hours: 1.5, entries: 1, byMonth: { 6: 1.5 } }),
    ]);
    await changed.thenRows('training_topics', topics('11 2025 Risk 1', '12 2024 Risk 1'));
  });

  it('when a user is deleted, forgets their figures, including those of the same batch', async () => {
    const afterDeletion = spec
      .given(logged(1, 10), logged(2, 11))
      .when([
        logged(3, 10, { date: '2024-02-02' }),
        edited(1, 10, { hours: '4' }),
        recorded('UserDeleted', { userId: 10, email: 'a@example.com' }),
      ]);
    await afterDeletion.thenRows('training_totals', [{ user_id: 11 }]);
    await afterDeletion.thenRows('training_totals_entries', [{ entry_id: 2 }]);
  });

  it('when a report moves to another manager, keeps their figures as they are (the manager view joins on the current manager)', async () => {
    const moved = spec
      .given(logged(1, 10, { trainingName: 'Leadership', hours: '1.5' }))
      .when(recorded('UserUpdated', { userId: 10, changes: { managerId: 99, managerName: 'New Boss' } }));
    await moved.thenRows('training_totals', [totals({ user: 10, year: 2025, hours: 1.5, entries: 1, byMonth: { 2: 1.5 } })]);
    await moved.thenRows('training_topics', topics('10 2025 Leadership 1'));
    await moved.thenRows('training_totals_entries', [
      { entry_id: 1, user_id: 10, year: 2025, month: 2, hours: '1.5', topics: ['Leadership'] },
    ]);
  });

  it('ignores an edit or deletion of an entry it never saw', async () => {
    const ignored = spec.given().when(edited(7, 10), deleted(8, 10));
    for (const table of ['training_totals', 'training_topics', 'training_totals_entries'] as const)
      await ignored.thenRows(table, []);
  });

  it('gives the same rows however the events are cut into batches', async () => {
    const history = [
      logged(1, 10, { hours: '1.50', trainingName: 'Risk' }),
      logged(2, 10, { hours: '0.25' }),
      edited(2, 10, { hours: '0.75', date: '2024-07-07' }),
      logged(3, 11, { hours: '2', beInnovative: true, trainingName: 'Data analytics' }),
      deleted(2, 10),
      edited(1, 10, { hours: '1.25', trainingName: 'Risk and leadership' }),
      logged(4, 10, { hours: '0.5' }),
      deleted(4, 10),
      edited(3, 11, { hours: '2.5', beInnovative: true, trainingName: 'Data analytics' }),
      logged(5, 12, { hours: '1.5' }),
      logged(6, 12, { hours: '0.25' }),
      deleted(6, 12),
    ];
    // 1.5 + 0.25 - 0.25 is 1.50 in numeric arithmetic: trimmed, user 12's hours read as the one-batch sum does.
    await spec
      .given(history.slice(0, 4))
      .when(history.slice(4))
      .thenRows('training_totals', [
        totals({ user: 10, year: 2025, hours: 1.25, entries: 1, byMonth: { 2: 1.25 } }),
        totals({ user: 11, year: 2025, hours: 2.5, entries: 1, innovative: 1, innovativeHours: 2.5, byMonth: { 2: 2.5 } }),
        totals({ user: 12, year: 2025, hours: 1.5, entries: 1, byMonth: { 2: 1.5 } }),
      ]);
  });
});
