import pg from 'pg';

/** Whether the database answers, asked on a connection of its own. */
export interface DatabasePing {
  /** Resolves once the database answered `SELECT 1`; rejects when it cannot be reached. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The health check's own connection, outside the pool: behind a pool every connection of which
 * serves writers, a ping would wait its turn and a busy instance would read as a dead database.
 * Connected at the first ping and again after a failure; pings asked while one is on its way share
 * its answer, so the probes never queue on the connection either.
 */
export function createDatabasePing(config: pg.ClientConfig): DatabasePing {
  let client: Promise<pg.Client> | null = null;
  let inFlight: Promise<void> | null = null;

  const connected = (): Promise<pg.Client> => {
    client ??= (async () => {
      const fresh = new pg.Client(config);
      fresh.on('error', () => forget(fresh)); // a lost connection: the next ping connects again
      await fresh.connect();
      return fresh;
    })();
    return client;
  };

  const forget = (broken: pg.Client) => {
    client = null;
    void broken.end().catch(() => {});
  };

  const askOnce = async (): Promise<void> => {
    const connection = await connected().catch((error: unknown) => {
      client = null;
      throw error;
    });
    try {
      await connection.query('SELECT 1');
    } catch (error) {
      forget(connection);
      throw error;
    }
  };

  return {
    ping() {
      inFlight ??= askOnce().finally(() => {
        inFlight = null;
      });
      return inFlight;
    },
    async close() {
      const open = client;
      client = null;
      await (await open?.catch(() => null))?.end().catch(() => {});
    },
  };
}
