import type { UserRow } from 'projections';
import { describe, expect, it } from 'vitest';
import { createPrincipalCache } from './principal-cache';

const row = (id: number, tokenVersion = 0) => ({ id, token_version: tokenVersion }) as UserRow;

function countingLoader(versions: Map<number, number>) {
  const loader = async (id: number) => {
    loader.calls += 1;
    return versions.has(id) ? row(id, versions.get(id)) : undefined;
  };
  loader.calls = 0;
  return loader;
}

describe('principal cache', () => {
  it('reads each user once while nothing changes', async () => {
    const cache = createPrincipalCache();
    cache.setTrusted(true);
    const load = countingLoader(new Map([[1, 0]]));
    await cache.find(1, load);
    expect(await cache.find(1, load)).toMatchObject({ id: 1, token_version: 0 });
    expect(load.calls).toBe(1);
  });

  it('reads again after the read models changed', async () => {
    const cache = createPrincipalCache();
    cache.setTrusted(true);
    const versions = new Map([[1, 0]]);
    const load = countingLoader(versions);
    await cache.find(1, load);
    versions.set(1, 1);
    cache.invalidate();
    expect((await cache.find(1, load))?.token_version).toBe(1);
  });

  it('does not keep a row read while a change happened', async () => {
    const cache = createPrincipalCache();
    cache.setTrusted(true);
    let release!: () => void;
    const slowLoad = () => new Promise<UserRow>((resolve) => (release = () => resolve(row(1, 0))));
    const reading = cache.find(1, slowLoad);
    cache.invalidate();
    release();
    expect((await reading)?.token_version).toBe(0);
    const load = countingLoader(new Map([[1, 1]]));
    expect((await cache.find(1, load))?.token_version).toBe(1);
    expect(load.calls).toBe(1);
  });

  it('keeps nothing while change notifications cannot arrive', async () => {
    const cache = createPrincipalCache();
    const load = countingLoader(new Map([[1, 0]]));
    await cache.find(1, load);
    await cache.find(1, load);
    expect(load.calls).toBe(2);
  });

  it('reads a row again once it is older than the maximum age', async () => {
    let clock = 0;
    const cache = createPrincipalCache({ maxAgeMs: 1_000, now: () => clock });
    cache.setTrusted(true);
    const load = countingLoader(new Map([[1, 0]]));
    await cache.find(1, load);
    clock = 1_000;
    await cache.find(1, load);
    expect(load.calls).toBe(2);
  });

  it('keeps at most maxEntries rows, dropping the oldest', async () => {
    const cache = createPrincipalCache({ maxEntries: 2 });
    cache.setTrusted(true);
    const load = countingLoader(
      new Map([
        [1, 0],
        [2, 0],
        [3, 0],
      ]),
    );
    for (const id of [1, 2, 3]) await cache.find(id, load);
    await cache.find(3, load);
    await cache.find(1, load);
    expect(load.calls).toBe(4);
  });
});
