import { describe, it } from 'vitest';
import { entryEvents } from '../framework/testing/entry-events';
import { eventRecorder } from '../framework/testing/recorded-events';
import { reducerSpec } from '../framework/testing/reducer-spec';
import { trainingTotalsReducer, type TrainingTotalsEntryRow, type TrainingTotalsRow } from './training-totals-projector';

const spec = reducerSpec(trainingTotalsReducer);

const recorded = eventRecorder('2025-03-01T10:00:00.000Z');

const { logged, edited, deleted } = entryEvents(recorded, { trainingName: 'Course', rating: 3, notes: '' });

/** A person-year's row as read: numerics as texts, months January first. */
const totals = (
  user: number,
  year: number,
  hours: string,
  entries: number,
  byMonth: Record<number, string>,
): TrainingTotalsRow => ({
  user_id: user,
  year,
  hours,
  entries,
  high_rated: 0,
  innovative: 0,
  innovative_hours: '0',
  hours_by_month: Array.from({ length: 12 }, (_, index) => byMonth[index + 1] ?? '0'),
});

const contribution = (
  entry: number,
  user: number,
  month: number,
  hours: string,
  topics: string[] = [],
): TrainingTotalsEntryRow => ({
  entry_id: entry,
  user_id: user,
  year: 2025,
  month,
  hours,
  high_rated: false,
  innovative: false,
  topics,
  name_topics: topics,
});

describe('training totals reducer', () => {
  it('when entries are logged, adds their sums per person-year to the totals without reading them', async () => {
    const when = spec
      .given()
      .when(
        logged(2, 10, { date: '2025-02-10', hours: '0.25' }),
        logged(3, 10, { date: '2025-02-11', hours: '1.50', rating: 5 }),
        logged(4, 11, { date: '2025-04-01', hours: '2' }),
      );
    await when.thenReads([]);
    await when.then({
      training_totals_entries: {
        inserted: [
          contribution(2, 10, 2, '0.25'),
          { ...contribution(3, 10, 2, '1.50'), high_rated: true },
          contribution(4, 11, 4, '2'),
        ],
      },
      training_totals: {
        added: [{ ...totals(10, 2025, '1.75', 2, { 2: '1.75' }), high_rated: 1 }, totals(11, 2025, '2', 1, { 4: '2' })],
      },
      training_topics: {},
    });
  });

  it('when an entry is deleted, reads it by id and takes its sums and topics back out', async () => {
    await spec
      .given({ training_totals_entries: [contribution(1, 10, 5, '2', ['Risk'])] })
      .when(deleted(1, 10))
      .then({
        training_totals_entries: { deleted: [{ entry_id: 1 }] },
        training_totals: { added: [totals(10, 2025, '-2', -1, { 5: '-2' })] },
        training_topics: { added: [{ user_id: 10, year: 2025, topic: 'Risk', entries: -1 }] },
      });
  });

  it('when an entry is logged, edited and deleted in one batch, writes nothing', async () => {
    const when = spec.given().when(logged(3, 10), edited(3, 10, { hours: '4' }), deleted(3, 10));
    await when.thenReads([{ training_totals_entries: { keys: [{ entry_id: 3 }] } }]);
    await when.then({ training_totals_entries: {}, training_totals: {}, training_topics: {} });
  });

  it('when an edit changes nothing the totals show, updates the contribution only', async () => {
    const when = spec
      .given({
        training_totals_entries: [contribution(1, 10, 2, '1.50')],
        training_totals: [totals(10, 2025, '1.5', 1, { 2: '1.5' })],
      })
      .when(edited(1, 10, { date: '2025-02-20', hours: '1.5' }));
    await when.thenReads([{ training_totals_entries: { keys: [{ entry_id: 1 }] } }]);
    await when.then({
      training_totals_entries: { updated: [contribution(1, 10, 2, '1.5')] },
      training_totals: {},
      training_topics: {},
    });
  });

  it('when a user is deleted, deletes their rows of every table by user, those of the batch never written', async () => {
    const byUser = { deletedWhere: [{ column: 'user_id' as const, values: [10] }] };
    await spec
      .given()
      .when(logged(3, 10), recorded('UserDeleted', { userId: 10, email: 'a@example.com' }))
      .then({ training_totals_entries: byUser, training_totals: byUser, training_topics: byUser });
  });

  it('when a person is erased, reads all their entries and counts the topics of the training names alone', async () => {
    const entry = { ...contribution(1, 10, 2, '1', ['AI', 'Risk']), name_topics: ['Risk'] };
    const when = spec
      .given({
        training_totals_entries: [entry, contribution(2, 10, 3, '1', ['Risk'])],
      })
      .when(recorded('PersonErased', { userId: 10 }));
    await when.thenReads([{ training_totals_entries: { keys: [], where: { column: 'user_id', values: [10] } } }]);
    await when.then({
      training_totals_entries: { updated: [{ ...entry, topics: ['Risk'] }] },
      training_totals: {},
      training_topics: { added: [{ user_id: 10, year: 2025, topic: 'AI', entries: -1 }] },
    });
  });
});
