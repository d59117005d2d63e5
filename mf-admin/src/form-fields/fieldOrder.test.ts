import { describe, expect, it } from 'vitest';
import { moveTo } from '@tht/ui';
import { aFormField } from '../testing/fixtures';
import { fieldOrderChanges, nextOrder } from './fieldOrder';

const fields = (orders: number[]) => orders.map((order, index) => aFormField({ id: index + 1, order, label: `F${index + 1}` }));
const moved = (list: ReturnType<typeof fields>, id: number, to: number) =>
  moveTo(
    list,
    list.find((field) => field.id === id)!,
    to,
  );

describe('fieldOrderChanges', () => {
  it('sends each field whose position changed its new 1-based order', () => {
    const list = fields([1, 2, 3, 4]);
    expect(fieldOrderChanges(moved(list, 4, 1))).toEqual([
      { fieldId: 4, order: 2 },
      { fieldId: 2, order: 3 },
      { fieldId: 3, order: 4 },
    ]);
    expect(fieldOrderChanges(moved(list, 1, 1))).toEqual([
      { fieldId: 2, order: 1 },
      { fieldId: 1, order: 2 },
    ]);
  });

  it('sends nothing when nothing moved', () => {
    expect(fieldOrderChanges(fields([1, 2, 3]))).toEqual([]);
  });

  it('renumbers a list with gaps so that no two fields share an order', () => {
    const list = fields([2, 4, 6]);
    const changes = fieldOrderChanges(moved(list, 3, 1));
    expect(changes).toEqual([
      { fieldId: 1, order: 1 },
      { fieldId: 3, order: 2 },
      { fieldId: 2, order: 3 },
    ]);
  });
});

describe('nextOrder', () => {
  it('is the highest order plus one, or 1 for the first', () => {
    expect(nextOrder(fields([1, 5, 3]))).toBe(6);
    expect(nextOrder([])).toBe(1);
  });
});
