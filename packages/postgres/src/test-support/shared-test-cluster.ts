/**
 * vitest global setup: throw-away embedded clusters for the whole run instead of one per test file
 * (each `initdb` costs seconds), one per worker: files running at the same time never share a
 * server. They must not: the event log is read up to the oldest writing transaction still running
 * anywhere on its server (transaction ids are server-wide), so one file's transactions would hold
 * back the reads another file makes at once. Test processes find their worker's cluster through
 * SHARED_TEST_POSTGRES_ENV and create their own database in it (`createTestDatabase`).
 */
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { SILENT_LOG } from '../cluster-log';
import { launchCluster, type LaunchedCluster } from '../embedded';
import { isUnitTestRun, SHARED_TEST_POSTGRES_ENV } from '../testing';

let clusters: LaunchedCluster[] = [];

async function launchThrowawayCluster(): Promise<LaunchedCluster> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'tht-test-pg-'));
  return launchCluster({ dataDir, throwaway: true, log: { ...SILENT_LOG, warn: (message) => console.warn(message) } });
}

export async function setup(project: TestProject): Promise<void> {
  if (process.env.DATABASE_URL || isUnitTestRun()) return;
  const workers = Math.max(1, project.globalConfig.maxWorkers);
  clusters = await Promise.all(Array.from({ length: workers }, launchThrowawayCluster));
  process.env[SHARED_TEST_POSTGRES_ENV] = clusters.map((cluster) => cluster.adminUrl).join(' ');
}

export async function teardown(): Promise<void> {
  delete process.env[SHARED_TEST_POSTGRES_ENV];
  await Promise.all(clusters.map((cluster) => cluster.stop()));
}
