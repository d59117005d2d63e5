import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { createTestDatabase, type TestDatabase } from '@tht/postgres/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEventStore } from './create-event-store';
import { sealChain } from './postgres-chain';
import { migrateEventStore } from './postgres-schema';
import { verifyProgressLine } from './verify-progress';

const CLI = fileURLToPath(new URL('./verify-cli.ts', import.meta.url));
const TSX = fileURLToPath(new URL('../../../node_modules/.bin/tsx', import.meta.url));

async function runVerify(connectionString: string): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(TSX, [CLI], {
      env: { ...process.env, DATABASE_URL: connectionString, EVENTSTORE_URL: '' },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const { code, stdout, stderr } = error as { code: number; stdout: string; stderr: string };
    return { code, stdout, stderr };
  }
}

describe('npm run verify', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
    await migrateEventStore(database.pool);
    const store = createEventStore({ pool: database.pool });
    const metadata = { actorId: null, correlationId: randomUUID(), occurredAt: '2026-03-12T14:02:00.000Z', schemaVersion: 1 };
    await store.append('department-1', [{ type: 'DepartmentCreated', data: { name: 'Sales' }, metadata }], 'no_stream');
    await store.append('department-1', [{ type: 'DepartmentRenamed', data: { name: 'Sales EU' }, metadata }], 0);
    await store.close();
    await sealChain(database.pool);
  });
  afterAll(() => database.drop());

  it('confirms a clean chain with its head and a progress bar, exit code 0', async () => {
    const { code, stdout, stderr } = await runVerify(database.connectionString);
    expect(code).toBe(0);
    expect(stdout).toMatch(
      /^verified 2 events, head [0-9a-f]{64} at position \d{20}-\d{20}; 0 recent events not sealed yet \(\d+\.\ds\)\n$/,
    );
    expect(stderr).toContain('[##############################] 100% 2/2 events');
  });

  it('names the first broken position, its stream and event type, exit code 1', async () => {
    await database.pool.query(`UPDATE eventstore.events SET data = '{"name":"Sales EV"}' WHERE type = 'DepartmentRenamed'`);
    const { code, stdout } = await runVerify(database.connectionString);
    expect(code).toBe(1);
    expect(stdout).toMatch(
      /^chain broken at position \d{20}-\d{20} \(event 2\): stream department-1, type DepartmentRenamed: the event was changed after it was sealed/,
    );
  });

  it('draws the progress bar in proportion', () => {
    expect(verifyProgressLine(500_000, 1_000_000, 2, 10)).toBe('[#####-----]  50% 500,000/1,000,000 events  250,000 events/s');
    expect(verifyProgressLine(0, 0, 0, 4)).toBe('[####] 100% 0/0 events');
  });
});
