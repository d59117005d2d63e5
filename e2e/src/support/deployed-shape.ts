import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase } from '@tht/postgres/testing';
import { spawnApi, spawnProjections, type ProductProcess } from '../../../api/src/testing/product-process';
import { startRoundRobinProxy } from '../../../api/src/testing/round-robin-proxy';
import type { RunningProduct } from './product';

/** How long the first instance may take: it builds the front ends a fresh clone lacks. */
const START_TIMEOUT_MS = 10 * 60_000;

/**
 * The product as an organisation that outgrew one process runs it: two API processes and one
 * projections process on one PostgreSQL, behind a round-robin balancer whose address the browser
 * uses. The first instance starts alone (it migrates and builds the front ends), then the others.
 */
export async function startDeployedShape(extraEnv: Record<string, string> = {}): Promise<RunningProduct> {
  const database = await createTestDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), 'tht-e2e-'));
  const adminEmail = 'admin@example.com';
  const adminPassword = 'Admin-password-1';
  const processes: ProductProcess[] = [];
  const proxy = await startRoundRobinProxy([]);
  const env = {
    DATABASE_URL: database.connectionString,
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(32).toString('base64url'),
    ADMIN_EMAIL: adminEmail,
    ADMIN_PASSWORD: adminPassword,
    ORG_EMAIL_DOMAIN: 'example.com',
    PUBLIC_URL: proxy.url,
    ...extraEnv,
  };
  const stop = async () => {
    await proxy.close();
    await Promise.all(processes.map((process) => process.stop()));
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const first = started(processes, spawnApi({ env }));
    await within(first.ready, START_TIMEOUT_MS, first);
    const second = started(processes, spawnApi({ env }));
    const projections = started(processes, spawnProjections({ env: { DATABASE_URL: database.connectionString } }));
    await Promise.all([within(second.ready, START_TIMEOUT_MS, second), within(projections.ready, START_TIMEOUT_MS, projections)]);
    proxy.setTargets(await Promise.all([first.baseUrl, second.baseUrl]));
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl: proxy.url, adminEmail, adminPassword, dataDir, stop };
}

function started(processes: ProductProcess[], process: ProductProcess): ProductProcess {
  processes.push(process);
  return process;
}

async function within(ready: Promise<void>, timeoutMs: number, process: ProductProcess): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`not ready within ${timeoutMs / 1000} s`)), timeoutMs);
  });
  try {
    await Promise.race([ready, timedOut]);
  } catch (error) {
    throw new Error(
      `${(error as Error).message}\n--- output ---\n${process.messages().join('\n').slice(-4000)}\n${process.stderr().slice(-2000)}`,
      {
        cause: error,
      },
    );
  } finally {
    clearTimeout(timer);
  }
}
