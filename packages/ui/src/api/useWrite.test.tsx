import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import useSWR, { SWRConfig } from 'swr';
import { describe, expect, it } from 'vitest';
import { useWrite } from './useWrite';

const MOUNTED_READS = ['/api/entries?userId=7&year=2025', '/api/hr/stats?year=2025', '/api/users', '/api/departments'] as const;

describe('useWrite', () => {
  function setUp(send: (id: number) => Promise<string>) {
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
        return useWrite('DELETE /api/entries/{id}', send);
      },
      { wrapper },
    );
    return { hook, reads };
  }

  const once = Object.fromEntries(MOUNTED_READS.map((key) => [key, 1]));

  it('refetches the reads the table names for the write once it succeeded, and answers its result', async () => {
    const { hook, reads } = setUp(async (id) => `deleted ${id}`);
    await waitFor(() => expect(Object.fromEntries(reads)).toEqual(once));
    let result = '';
    await act(async () => {
      result = await hook.result.current.run(5);
    });
    expect(result).toBe('deleted 5');
    expect(Object.fromEntries(reads)).toEqual({
      ...once,
      '/api/entries?userId=7&year=2025': 2,
      '/api/hr/stats?year=2025': 2,
    });
    expect(hook.result.current.pending).toBe(false);
  });

  it('rethrows a failure and refetches nothing', async () => {
    const { hook, reads } = setUp(async () => {
      throw new Error('409: gone');
    });
    await waitFor(() => expect(Object.fromEntries(reads)).toEqual(once));
    await act(async () => {
      await expect(hook.result.current.run(5)).rejects.toThrow('409: gone');
    });
    expect(Object.fromEntries(reads)).toEqual(once);
    expect(hook.result.current.pending).toBe(false);
  });
});
