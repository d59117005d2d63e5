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

    caches.invalidate();
    expect([await early.find('a', load), await late.find('b', load)]).toEqual(['a#3', 'b#4']);

    caches.setTrusted(false);
    expect(await late.find('b', load)).toBe('b#5');
    expect(await late.find('b', load)).toBe('b#6');
  });
});
