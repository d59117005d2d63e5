import { describe, expect, it } from 'vitest';
import { clusterOfWorker } from './testing';

describe('clusterOfWorker', () => {
  const shared = 'postgres://a:1/postgres postgres://b:2/postgres';

  it('gives the files running at once (each on its own worker) different clusters, each worker always its own', () => {
    expect(clusterOfWorker(shared, '1')).toBe('postgres://a:1/postgres');
    expect(clusterOfWorker(shared, '2')).toBe('postgres://b:2/postgres');
    expect(clusterOfWorker(shared, '3')).toBe('postgres://a:1/postgres');
  });

  it('takes the first outside a worker, and the only one when there is one', () => {
    expect(clusterOfWorker(shared, undefined)).toBe('postgres://a:1/postgres');
    expect(clusterOfWorker(shared, 'not a number')).toBe('postgres://a:1/postgres');
    expect(clusterOfWorker('postgres://only:1/postgres', '2')).toBe('postgres://only:1/postgres');
  });
});
