import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from './embedded';

describe('startEmbeddedPostgres', () => {
  let dataDir = '';
  afterAll(async () => {
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('keeps its data in dataDir across restarts', async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'tht-embedded-'));

    const first = await startEmbeddedPostgres({ dataDir });
    await query(first.connectionString, "CREATE TABLE kept (note text); INSERT INTO kept VALUES ('still here')");
    await first.stop();

    const second = await startEmbeddedPostgres({ dataDir });
    try {
      const { rows } = await query(second.connectionString, 'SELECT note FROM kept');
      expect(rows).toEqual([{ note: 'still here' }]);
    } finally {
      await second.stop();
    }
  });
});

async function query(connectionString: string, text: string) {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end();
  }
}
