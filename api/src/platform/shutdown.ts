import http from 'node:http';
import { answerUnparsableRequest } from './http';

/** Starts listening; rejects (e.g. EADDRINUSE) instead of emitting an unhandled 'error'. Unparsable requests get a JSON 400. */
export function listen(handler: http.RequestListener, port: number, host?: string): Promise<http.Server> {
  return new Promise((resolve, reject) => {
    const server = http.createServer(handler);
    server.on('clientError', answerUnparsableRequest);
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve(server);
    });
  });
}

/**
 * Stops accepting connections, drops idle keep-alive sockets and gives in-flight requests
 * `graceMs` to finish before their connections are cut.
 */
export function closeHttpServer(server: http.Server, graceMs = 5000): Promise<void> {
  return new Promise((resolve, reject) => {
    const forceClose = setTimeout(() => server.closeAllConnections(), graceMs).unref();
    server.close((error) => {
      clearTimeout(forceClose);
      if (error) reject(error);
      else resolve();
    });
    server.closeIdleConnections();
  });
}
