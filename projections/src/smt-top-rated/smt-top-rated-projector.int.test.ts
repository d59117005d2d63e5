import { describe, it } from 'vitest';
import { entryEvents } from '../framework/testing/entry-events';
import { projectionSpec } from '../framework/testing/projection-spec';
import { eventRecorder } from '../framework/testing/recorded-events';
import { smtTopRatedProjector } from './smt-top-rated-projector';

const spec = projectionSpec(smtTopRatedProjector);

const recorded = eventRecorder('2025-03-01T10:00:00.000Z');

const events = entryEvents(recorded);

/** Only an entry's rating and date matter here. */
const logged = (entryId: number, userId: number, rating: number, date = '2025-02-28') =>
  events.logged(entryId, userId, { rating, date });
const edited = (entryId: number, userId: number, rating: number, date = '2025-02-28') =>
  events.edited(entryId, userId, { rating, date });
const { deleted } = events;
const userDeleted = (userId: number) => recorded('UserDeleted', { userId, email: `user${userId}@example.com` });

describe('SMT top-rated projector', () => {
  it('given logged entries, keeps those rated 4 or more, with their year, date and rating', async () => {
    await spec
      .given([logged(1, 10, 4, '2025-06-01'), logged(2, 10, 5, '2025-01-01'), logged(3, 11, 3, '2025-12-31')])
      .when(
        logged(4, 11, 5, '2025-03-01'),
        logged(5, 12, 5, '2025-03-01'),
        logged(6, 12, 0, '2025-03-02'),
        logged(7, 12, 5, '2024-12-31'),
      )
      .thenRows('smt_top_rated_entries', [
        { entry_id: 1, user_id: 10, year: 2025, date: '2025-06-01', rating: 4 },
        { entry_id: 2, user_id: 10, year: 2025, date: '2025-01-01', rating: 5 },
        { entry_id: 4, user_id: 11, year: 2025, date: '2025-03-01', rating: 5 },
        { entry_id: 5, user_id: 12, year: 2025, date: '2025-03-01', rating: 5 },
        { entry_id: 7, user_id: 12, year: 2024, date: '2024-12-31', rating: 5 },
      ]);
  });

  it('when an entry is re-rated or moved to another year, it joins, moves or leaves', async () => {
    await spec
      .given(logged(1, 10, 5), logged(2, 10, 2), logged(3, 10, 4))
      .when(edited(1, 10, 3), edited(2, 10, 4), edited(3, 10, 5, '2024-05-05'))
      .thenRows('smt_top_rated_entries', [
        { entry_id: 2, year: 2025, rating: 4 },
        { entry_id: 3, year: 2024, date: '2024-05-05', rating: 5 },
      ]);
  });

  it('when an entry is deleted, it leaves, even when logged and deleted in one batch', async () => {
    await spec
      .given(logged(1, 10, 5))
      .when([logged(2, 10, 4), deleted(2, 10), deleted(1, 10)])
      .thenRows('smt_top_rated_entries', []);
  });

  it("when a user is deleted, all their entries leave, those of the same batch too, and nobody else's", async () => {
    await spec
      .given(logged(1, 10, 5), logged(2, 11, 5))
      .when([logged(3, 10, 4), edited(2, 11, 4), userDeleted(10)])
      .thenRows('smt_top_rated_entries', [{ entry_id: 2, user_id: 11, rating: 4 }]);
  });

  it('reaches the same rows however the events are cut into batches', async () => {
    const history = [
      logged(1, 10, 5),
      logged(2, 10, 4, '2024-01-01'),
      edited(1, 10, 2),
      logged(3, 11, 5),
      deleted(2, 10),
      logged(4, 12, 5),
      userDeleted(12),
      edited(1, 10, 4, '2025-09-09'),
      edited(3, 11, 5, '2024-02-02'),
    ];
    await spec
      .given(history.slice(0, 5))
      .when(history.slice(5))
      .thenRows('smt_top_rated_entries', [
        { entry_id: 1, year: 2025, date: '2025-09-09', rating: 4 },
        { entry_id: 3, year: 2024, date: '2024-02-02', rating: 5 },
      ]);
  });
});
