import pg from 'pg';

/** Whether the database answers, asked on a connection of its own. */
export interface DatabasePing {
  /**
   * Resolves once the database answered `SELECT 1`; rejects when it cannot be reached. At once while
   * the last ping's answer is fresh (`freshMs`): the next ping is then asked behind that answer.
   */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/**
 * How long a ping's answer stands for the database answering. A probe within it is answered without
 * a round trip: under writers, the wait for the reply (the server's CPU, then a turn of this busy
 * event loop to read it) was most of a probe's time.
 */
export const PING_FRESH_MS = 1000;

/**
 * The health check's own connection, outside the pool: behind a pool every connection of which
 * serves writers, a ping would wait its turn and a busy instance would read as a dead database.
 * Connected at the first ping and again after a failure; pings asked while one is on its way share
 * its answer, so the probes never queue on the connection either. A failed ping forgets the last
 * answer, so the next probe waits for a ping of its own.
 */
export function createDatabasePing(config: pg.ClientConfig, { freshMs = PING_FRESH_MS }: { freshMs?: number } = {}): DatabasePing {
  let client: Promise<pg.Client> | null = null;
  let inFlight: Promise<void> | null = null;
  let answeredAt: number | null = null;

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

  /** A ping, shared with the one on its way; its answer's time is kept, a failure forgets it. */
  const ask = (): Promise<void> =>
    (inFlight ??= askOnce()
      .then(
        () => {
          answeredAt = performance.now();
        },
        (error: unknown) => {
          answeredAt = null;
          throw error;
        },
      )
      .finally(() => {
        inFlight = null;
      }));

  return {
    ping() {
      const fresh = answeredAt !== null && performance.now() - answeredAt < freshMs;
      const asked = ask();
      if (!fresh) return asked;
      asked.catch(() => {}); // seen by the next probe, which then waits for a ping of its own
      return Promise.resolve();
    },
    async close() {
      const open = client;
      client = null;
      await (await open?.catch(() => null))?.end().catch(() => {});
    },
  };
}
