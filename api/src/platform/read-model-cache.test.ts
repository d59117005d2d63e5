import { describe, expect, it } from 'vitest';
import { createReadModelCache, createReadModelCaches } from './read-model-cache';

function counter() {
  const load = async (key: string) => {
    load.calls += 1;
    return `${key}#${load.calls}`;
  };
  load.calls = 0;
  return load;
}

describe('read-model caches', () => {
  it('tell every cache added, before or after, whether to trust notifications, and forget them all together', async () => {
    const caches = createReadModelCaches();
    const early = caches.add(createReadModelCache<string, string>());
    caches.setTrusted(true);
    const late = caches.add(createReadModelCache<string, string>());
    const load = counter();
    expect(await early.find('a', load)).toBe('a#1');
    expect(await late.find('b', load)).toBe('b#2');
    expect([await early.find('a', load), await late.find('b', load)]).toEqual(['a#1', 'b#2']);

    caches.invalidateChanged(null);
    expect([await early.find('a', load), await late.find('b', load)]).toEqual(['a#3', 'b#4']);

    caches.setTrusted(false);
    expect(await late.find('b', load)).toBe('b#5');
    expect(await late.find('b', load)).toBe('b#6');
  });

  it('forget only the caches reading a changed table, and all of them when what changed is unknown', async () => {
    const caches = createReadModelCaches();
    caches.setTrusted(true);
    const users = caches.add(createReadModelCache<string, string>(), ['users']);
    const entries = caches.add(createReadModelCache<string, string>(), ['entries', 'users']);
    const unsaid = caches.add(createReadModelCache<string, string>());
    const load = counter();
    const findAll = () => Promise.all([users.find('u', load), entries.find('e', load), unsaid.find('x', load)]);
    expect(await findAll()).toEqual(['u#1', 'e#2', 'x#3']);

    caches.invalidateChanged(new Set(['entries', 'org_insight_entries']));
    expect(await findAll()).toEqual(['u#1', 'e#4', 'x#5']);

    caches.invalidateChanged(new Set());
    expect(await findAll()).toEqual(['u#1', 'e#4', 'x#5']);

    caches.invalidateChanged(new Set(['users']));
    expect(await findAll()).toEqual(['u#6', 'e#7', 'x#8']);

    caches.invalidateChanged(null);
    expect(await findAll()).toEqual(['u#9', 'e#10', 'x#11']);
  });

  it('know how far they are fresh, and forget everything only for a position beyond it', async () => {
    const caches = createReadModelCaches();
    caches.setTrusted(true);
    const users = caches.add(createReadModelCache<string, string>(), ['users']);
    const load = counter();
    expect(await users.find('u', load)).toBe('u#1');

    caches.projected(new Set(['entries']), '0005');
    expect(caches.freshThrough).toBe('0005');
    caches.reached('0004');
    caches.reached('0005');
    expect(await users.find('u', load)).toBe('u#1');

    caches.reached('0007');
    expect(caches.freshThrough).toBe('0007');
    expect(await users.find('u', load)).toBe('u#2');

    caches.projected(new Set(['entries']), '0006');
    expect(caches.freshThrough).toBe('0007');
    expect(await users.find('u', load)).toBe('u#2');
  });
});
