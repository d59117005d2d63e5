import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase } from '@tht/postgres/testing';
import {
  FIRST_START_TIMEOUT_MS,
  KIT_ADMIN,
  readyWithin,
  spawnApi,
  spawnProjections,
  startRoundRobinProxy,
  type ProductProcess,
  type RunningProduct,
} from '@tht/test-kit';

/**
 * The product as an organisation that outgrew one process runs it: two API processes and one
 * projections process on one PostgreSQL, behind a round-robin balancer whose address the browser
 * uses. The first instance starts alone (it migrates and builds the front ends), then the others.
 */
export async function startDeployedShape(
  extraEnv: Record<string, string> = {},
  { echoOutput = false }: { echoOutput?: boolean } = {},
): Promise<RunningProduct> {
  const database = await createTestDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), 'tht-e2e-'));
  const processes: ProductProcess[] = [];
  const proxy = await startRoundRobinProxy([]);
  const env = {
    DATABASE_URL: database.connectionString,
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(32).toString('base64url'),
    ADMIN_EMAIL: KIT_ADMIN.email,
    ADMIN_PASSWORD: KIT_ADMIN.password,
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
    const first = started(processes, spawnApi({ env, echoOutput }));
    await readyWithin(first, FIRST_START_TIMEOUT_MS);
    const second = started(processes, spawnApi({ env, echoOutput }));
    const projections = started(processes, spawnProjections({ env: { DATABASE_URL: database.connectionString }, echoOutput }));
    await Promise.all([readyWithin(second, FIRST_START_TIMEOUT_MS), readyWithin(projections, FIRST_START_TIMEOUT_MS)]);
    proxy.setTargets(await Promise.all([first.baseUrl, second.baseUrl]));
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl: proxy.url, adminEmail: KIT_ADMIN.email, adminPassword: KIT_ADMIN.password, dataDir, stop };
}

function started(processes: ProductProcess[], process: ProductProcess): ProductProcess {
  processes.push(process);
  return process;
}
