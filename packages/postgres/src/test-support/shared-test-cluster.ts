/**
 * vitest global setup: one throw-away embedded cluster for the whole run instead of one per test
 * file (each `initdb` costs seconds). Test processes find it through SHARED_TEST_POSTGRES_ENV and
 * create their own database in it (`createTestDatabase`).
 */
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { SILENT_LOG } from '../cluster-log';
import { launchCluster, type LaunchedCluster } from '../embedded';
import { isUnitTestRun, SHARED_TEST_POSTGRES_ENV } from '../testing';

let cluster: LaunchedCluster | undefined;

export async function setup(): Promise<void> {
  if (process.env.DATABASE_URL || isUnitTestRun()) return;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'tht-test-pg-'));
  cluster = await launchCluster({ dataDir, throwaway: true, log: { ...SILENT_LOG, warn: (message) => console.warn(message) } });
  process.env[SHARED_TEST_POSTGRES_ENV] = cluster.adminUrl;
}

export async function teardown(): Promise<void> {
  delete process.env[SHARED_TEST_POSTGRES_ENV];
  await cluster?.stop();
}
