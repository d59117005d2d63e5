import { describe, expect, expectTypeOf, it } from 'vitest';
import { isEventOf, isProductEvent, PRODUCT_EVENT_TYPES, type ProductEventData } from './product-events';

const stored = (type: string, data: unknown = {}) => ({ type, data, streamVersion: 0 });

describe('product events', () => {
  it('lists every type of every feature once', () => {
    expect(new Set(PRODUCT_EVENT_TYPES).size).toBe(PRODUCT_EVENT_TYPES.length);
    expect(PRODUCT_EVENT_TYPES).toEqual(
      expect.arrayContaining(['UserRegistered', 'DepartmentRenamed', 'EntryLogged', 'FormFieldAdded', 'UserTargetUpdated']),
    );
  });

  it('recognises the product events and nothing else', () => {
    expect(isProductEvent(stored('EntryDeleted'))).toBe(true);
    expect(isProductEvent(stored('Boom'))).toBe(false);
    expect(isProductEvent(stored('entryDeleted'))).toBe(false);
  });

  it('keeps the events of the given types, typed, with their other fields', () => {
    const events = [
      stored('UserLoggedIn', { userId: 1 }),
      stored('EntryDeleted', { entryId: 2, userId: 1 }),
      stored('UserLoggedOut', { userId: 3 }),
    ];
    const sessions = events.filter(isEventOf('UserLoggedIn', 'UserLoggedOut'));
    expect(sessions.map((event) => [event.type, event.data.userId, event.streamVersion])).toEqual([
      ['UserLoggedIn', 1, 0],
      ['UserLoggedOut', 3, 0],
    ]);
    expectTypeOf(sessions[0]!.data).toEqualTypeOf<ProductEventData['UserLoggedIn'] | ProductEventData['UserLoggedOut']>();
    expectTypeOf(sessions[0]!.type).toEqualTypeOf<'UserLoggedIn' | 'UserLoggedOut'>();
  });
});
