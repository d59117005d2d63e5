import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import useSWR, { SWRConfig } from 'swr';
import { describe, expect, it } from 'vitest';
import { keysStartingWith, useApiWrite } from './apiWrite';

describe('keysStartingWith', () => {
  it('matches string keys with one of the prefixes', () => {
    const affects = keysStartingWith('/api/users', '/api/admin-stats');
    expect(affects('/api/users?page=2')).toBe(true);
    expect(affects('/api/admin-stats')).toBe(true);
    expect(affects('/api/departments')).toBe(false);
    expect(affects(['/api/users'])).toBe(false);
  });
});

describe('useApiWrite', () => {
  function setUp(send: (name: string) => Promise<string>) {
    const reads = { users: 0, departments: 0 };
    const fetcher = async (key: string) => {
      if (key === '/api/users') reads.users += 1;
      else reads.departments += 1;
      return key;
    };
    const wrapper = ({ children }: { children: ReactNode }) => (
      <SWRConfig value={{ provider: () => new Map(), fetcher, dedupingInterval: 0 }}>{children}</SWRConfig>
    );
    const affectsUsers = keysStartingWith('/api/users');
    const hook = renderHook(
      () => {
        useSWR('/api/users');
        useSWR('/api/departments');
        return useApiWrite(send, affectsUsers);
      },
      { wrapper },
    );
    return { hook, reads };
  }

  it('refetches the affected reads once the write succeeded, and answers its result', async () => {
    const { hook, reads } = setUp(async (name) => `created ${name}`);
    await waitFor(() => expect(reads).toEqual({ users: 1, departments: 1 }));
    let result = '';
    await act(async () => {
      result = await hook.result.current.run('Ada');
    });
    expect(result).toBe('created Ada');
    expect(reads).toEqual({ users: 2, departments: 1 });
    expect(hook.result.current.pending).toBe(false);
  });

  it('rethrows a failure and refetches nothing', async () => {
    const { hook, reads } = setUp(async () => {
      throw new Error('409: taken');
    });
    await waitFor(() => expect(reads.users).toBe(1));
    await act(async () => {
      await expect(hook.result.current.run('Ada')).rejects.toThrow('409: taken');
    });
    expect(reads).toEqual({ users: 1, departments: 1 });
    expect(hook.result.current.pending).toBe(false);
  });
});
