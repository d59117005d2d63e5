import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import useSWR, { SWRConfig } from 'swr';
import { describe, expect, it } from 'vitest';
import { entriesRoutes } from '@tht/contracts';
import { fakeApi, reply, type FakeRoutes } from '../testing/fakeApi';
import { useWrite } from './useWrite';

const MOUNTED_READS = ['/api/entries?userId=7&year=2025', '/api/hr/stats?year=2025', '/api/users', '/api/departments'] as const;

describe('useWrite', () => {
  function setUp(deleteEntry: FakeRoutes['deleteEntry']) {
    fakeApi({ deleteEntry });
    const reads = new Map<string, number>();
    const fetcher = async (key: string) => {
      reads.set(key, (reads.get(key) ?? 0) + 1);
      return key;
    };
    const wrapper = ({ children }: { children: ReactNode }) => (
      <SWRConfig value={{ provider: () => new Map(), fetcher, dedupingInterval: 0 }}>{children}</SWRConfig>
    );
    const hook = renderHook(
      () => {
        useSWR(MOUNTED_READS[0]);
        useSWR(MOUNTED_READS[1]);
        useSWR(MOUNTED_READS[2]);
        useSWR(MOUNTED_READS[3]);
        return useWrite(entriesRoutes.deleteEntry, (id: number) => ({ params: { id } }));
      },
      { wrapper },
    );
    return { hook, reads };
  }

  const once = Object.fromEntries(MOUNTED_READS.map((key) => [key, 1]));

  it('refetches the reads the route refreshes once it succeeded, and answers its result', async () => {
    const { hook, reads } = setUp(({ path }) => ({ message: `deleted ${path}` }));
    await waitFor(() => expect(Object.fromEntries(reads)).toEqual(once));
    let result = {};
    await act(async () => {
      result = await hook.result.current.run(5);
    });
    expect(result).toEqual({ message: 'deleted /api/entries/5' });
    expect(Object.fromEntries(reads)).toEqual({
      ...once,
      '/api/entries?userId=7&year=2025': 2,
      '/api/hr/stats?year=2025': 2,
    });
    expect(hook.result.current.pending).toBe(false);
  });

  it('rethrows a failure and refetches nothing', async () => {
    const { hook, reads } = setUp(reply(409, { error: 'gone' }));
    await waitFor(() => expect(Object.fromEntries(reads)).toEqual(once));
    await act(async () => {
      await expect(hook.result.current.run(5)).rejects.toThrow('409: {"error":"gone"}');
    });
    expect(Object.fromEntries(reads)).toEqual(once);
    expect(hook.result.current.pending).toBe(false);
  });
});
