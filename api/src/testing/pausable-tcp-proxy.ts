import net from 'node:net';
import type { AddressInfo } from 'node:net';

export interface PausableTcpProxy {
  /** `target` (a `postgres://` URL) with its host and port replaced by the proxy's. */
  url: string;
  /** Holds every byte in both directions until `resume` (connections stay open). */
  pause(): void;
  resume(): void;
  close(): Promise<void>;
}

/**
 * A TCP proxy in front of a PostgreSQL server whose traffic a test can hold back: an API process
 * connected through it hears no notification and gets no query answered while paused, as if its
 * network were slow, deterministically.
 */
export async function startPausableTcpProxy(target: string): Promise<PausableTcpProxy> {
  const upstream = new URL(target);
  let paused = false;
  const held: Array<() => void> = [];
  const sockets = new Set<net.Socket>();

  function forward(from: net.Socket, to: net.Socket): void {
    from.on('data', (chunk) => {
      if (paused) held.push(() => to.write(chunk));
      else to.write(chunk);
    });
    from.on('close', () => to.destroy());
    from.on('error', () => to.destroy());
  }

  const server = net.createServer((client) => {
    const database = net.connect(Number(upstream.port), upstream.hostname);
    for (const socket of [client, database]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    }
    forward(client, database);
    forward(database, client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const proxied = new URL(target);
  proxied.hostname = '127.0.0.1';
  proxied.port = String((server.address() as AddressInfo).port);
  return {
    url: proxied.toString(),
    pause() {
      paused = true;
    },
    resume() {
      paused = false;
      for (const write of held.splice(0)) write();
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
