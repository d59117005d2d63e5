import { describe, expect, it } from 'vitest';
import { describeEventStoreContract, type EventStoreContractBackend } from './contract-suite';
import { createEventStore } from './create-event-store';
import type pg from 'pg';

// The KurrentDB adapter never touches PostgreSQL.
const noPool = {} as pg.Pool;

/** The image docker-compose.yml runs, in insecure mode (no TLS, no users) as there. */
const KURRENTDB_IMAGE = 'kurrentplatform/kurrentdb:25.0';
const KURRENTDB_PORT = 2113;
/** Finding no engine takes milliseconds; a DOCKER_HOST that never answers must not hold the run up. */
const DOCKER_DETECTION_TIMEOUT_MS = 5_000;

type KurrentDbServer = { kind: 'url'; url: string } | { kind: 'testcontainers'; engine: string } | { kind: 'none'; reason: string };

/** EVENTSTORE_URL when set, else a Docker engine that testcontainers can reach, else why not. */
async function findKurrentDbServer(): Promise<KurrentDbServer> {
  if (process.env.EVENTSTORE_URL) return { kind: 'url', url: process.env.EVENTSTORE_URL };
  let timer: NodeJS.Timeout | undefined;
  try {
    const { getContainerRuntimeClient } = await import('testcontainers');
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`no answer within ${DOCKER_DETECTION_TIMEOUT_MS / 1000} s`)),
        DOCKER_DETECTION_TIMEOUT_MS,
      );
    });
    const client = await Promise.race([getContainerRuntimeClient(), timeout]);
    return { kind: 'testcontainers', engine: client.info.containerRuntime.host };
  } catch (error) {
    return { kind: 'none', reason: error instanceof Error ? error.message : String(error) };
  } finally {
    clearTimeout(timer);
  }
}

/** A throw-away KurrentDB container, removed after the suite. */
async function kurrentDbContainer(): Promise<{ url: string; stop: () => Promise<void> }> {
  const { GenericContainer, Wait } = await import('testcontainers');
  const container = await new GenericContainer(KURRENTDB_IMAGE)
    .withEnvironment({ KURRENTDB_INSECURE: 'true', KURRENTDB_RUN_PROJECTIONS: 'None', KURRENTDB_MEM_DB: 'true' })
    .withExposedPorts(KURRENTDB_PORT)
    .withWaitStrategy(Wait.forHttp('/health/live', KURRENTDB_PORT).forStatusCodeMatching((status) => status >= 200 && status < 300))
    .withStartupTimeout(120_000)
    .start();
  return {
    url: `kurrentdb://${container.getHost()}:${container.getMappedPort(KURRENTDB_PORT)}?tls=false`,
    stop: async () => void (await container.stop()),
  };
}

function backendAt(url: string, dispose?: () => Promise<void>): EventStoreContractBackend {
  return {
    createStore: ({ upcasters }) => createEventStore({ pool: noPool, eventstoreUrl: url, upcasters, pollIntervalMs: 60_000 }),
    dispose,
  };
}

const server = await findKurrentDbServer();

if (server.kind === 'url') {
  describeEventStoreContract('KurrentDB', async () => backendAt(server.url));
} else if (server.kind === 'testcontainers') {
  console.info(
    `KurrentDB contract suite: EVENTSTORE_URL unset; starting ${KURRENTDB_IMAGE} through testcontainers (Docker engine at ${server.engine}).`,
  );
  describeEventStoreContract('KurrentDB', async () => {
    const container = await kurrentDbContainer();
    return backendAt(container.url, container.stop);
  });
} else {
  console.info(`KurrentDB contract suite skipped: EVENTSTORE_URL unset and no Docker engine (testcontainers: ${server.reason}).`);
  describe.skip('KurrentDB event store contract (needs EVENTSTORE_URL or a Docker engine)', () => {
    it('runs the shared contract suite against a KurrentDB server', () => {});
  });
}

describe('KurrentDB connection settings', () => {
  it('rejects an EVENTSTORE_URL that is not a KurrentDB URL, naming the setting', () => {
    expect(() => createEventStore({ pool: noPool, eventstoreUrl: 'http://localhost:2113' })).toThrow(
      'EVENTSTORE_URL is not a valid KurrentDB connection string (it must start with esdb:// or kurrentdb://): http://localhost:2113',
    );
    expect(() => createEventStore({ pool: noPool, eventstoreUrl: 'esdb://user:secret@localhost:2113?tls=maybe' })).toThrow(
      /^EVENTSTORE_URL is not a valid KurrentDB connection string .*esdb:\/\/\*\*\*@localhost:2113/,
    );
  });
});
