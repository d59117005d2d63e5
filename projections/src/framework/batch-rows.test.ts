import { describe, expect, it } from 'vitest';
import { BatchRows, type TableChanges } from './batch-rows';

interface Score {
  team: string;
  player: number;
  points: number;
}

const scores = () =>
  new BatchRows<Score>('scores', {
    columns: { team: 'text', player: 'int4', points: 'int4' },
    key: ['team', 'player'],
    sums: { columns: ['points'], emptyWhenZero: 'points' },
  });

const changes = (expected: Partial<TableChanges<Score>>): TableChanges<Score> => ({
  deletedWhere: [],
  deleted: [],
  inserted: [],
  updated: [],
  upserted: [],
  added: [],
  ...expected,
});

describe('the rows of a batch', () => {
  it('given rows read, found or missing, writes each changed row once by what was stored: update, insert, delete', () => {
    const rows = scores();
    rows.read(
      [
        { team: 'a', player: 1, points: 3 },
        { team: 'a', player: 2, points: 1 },
      ],
      [
        { team: 'a', player: 1 },
        { team: 'a', player: 2 },
        { team: 'b', player: 1 },
      ],
    );
    rows.update({ team: 'a', player: 1, points: 4 });
    rows.update({ team: 'a', player: 1, points: 5 });
    rows.delete({ team: 'a', player: 2 });
    expect(rows.get({ team: 'b', player: 1 })).toBeNull();
    rows.insert({ team: 'b', player: 1, points: 2 });
    expect(rows.changes()).toEqual(
      changes({
        deleted: [{ team: 'a', player: 2 }],
        inserted: [{ team: 'b', player: 1, points: 2 }],
        updated: [{ team: 'a', player: 1, points: 5 }],
      }),
    );
  });

  it('when a row is created and removed in the batch, or changed back, writes nothing of it', () => {
    const rows = scores();
    rows.read([{ team: 'a', player: 1, points: 3 }], [{ team: 'a', player: 1 }]);
    rows.insert({ team: 'c', player: 9, points: 1 });
    rows.update({ team: 'c', player: 9, points: 2 });
    rows.delete({ team: 'c', player: 9 });
    rows.update({ team: 'a', player: 1, points: 7 });
    rows.update({ team: 'a', player: 1, points: 3 });
    expect(rows.changes()).toEqual(changes({}));
  });

  it('writes rows not read as the reducer says: an upsert, or a delete by key', () => {
    const rows = scores();
    rows.upsert({ team: 'a', player: 1, points: 1 });
    rows.delete({ team: 'a', player: 2 });
    expect(rows.changes()).toEqual(
      changes({ deleted: [{ team: 'a', player: 2 }], upserted: [{ team: 'a', player: 1, points: 1 }] }),
    );
  });

  it('when rows are deleted by a column, deletes the stored ones first and forgets those of the batch', () => {
    const rows = scores();
    rows.read([{ team: 'a', player: 1, points: 3 }], [{ team: 'a', player: 1 }]);
    rows.insert({ team: 'a', player: 2, points: 1 });
    rows.insert({ team: 'b', player: 2, points: 1 });
    rows.deleteWhere('team', ['a']);
    rows.insert({ team: 'a', player: 1, points: 8 });
    expect([...rows.rows()]).toEqual([
      { team: 'a', player: 1, points: 8 },
      { team: 'b', player: 2, points: 1 },
    ]);
    expect(rows.changes()).toEqual(
      changes({
        deletedWhere: [{ column: 'team', values: ['a'] }],
        inserted: [
          { team: 'a', player: 1, points: 8 },
          { team: 'b', player: 2, points: 1 },
        ],
      }),
    );
  });

  it('reads again only the keys it has neither read nor written, and keeps its own changes over a later read', () => {
    const rows = scores();
    rows.read([], [{ team: 'a', player: 1 }]);
    rows.insert({ team: 'a', player: 1, points: 2 });
    expect(
      rows.unread([
        { team: 'a', player: 1 },
        { team: 'b', player: 1 },
        { team: 'b', player: 1 },
      ]),
    ).toEqual([{ team: 'b', player: 1 }]);
    rows.read([{ team: 'a', player: 1, points: 99 }]);
    expect(rows.get({ team: 'a', player: 1 })).toEqual({ team: 'a', player: 1, points: 2 });
  });

  it('refuses what would be a reducer bug: a row not read, a second insert, an update of a missing row', () => {
    const rows = scores();
    rows.read([], [{ team: 'a', player: 1 }]);
    expect(() => rows.get({ team: 'z', player: 1 })).toThrow('scores: row z\u001f1 was not read for this batch');
    expect(() => rows.update({ team: 'a', player: 1, points: 1 })).toThrow('updated but it does not exist');
    rows.insert({ team: 'a', player: 1, points: 1 });
    expect(() => rows.insert({ team: 'a', player: 1, points: 1 })).toThrow('inserted twice');
  });

  it('adds sums to rows it never reads, once per key, and forgets those of rows deleted by a column', () => {
    const rows = scores();
    rows.read([], [{ team: 'a', player: 1 }]);
    rows.add({ team: 'a', player: 2, points: 3 });
    rows.add({ team: 'b', player: 2, points: -1 });
    expect(() => rows.add({ team: 'a', player: 2, points: 1 })).toThrow(
      'scores: row a\u001f2 added to twice, or read and added to',
    );
    expect(() => rows.add({ team: 'a', player: 1, points: 1 })).toThrow('added to twice, or read and added to');
    rows.deleteWhere('team', ['b']);
    expect(rows.changes()).toEqual(
      changes({ deletedWhere: [{ column: 'team', values: ['b'] }], added: [{ team: 'a', player: 2, points: 3 }] }),
    );
  });
});
