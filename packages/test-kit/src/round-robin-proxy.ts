import http from 'node:http';
import type net from 'node:net';

/**
 * A load balancer for tests of the deployed shape: each request goes to the next instance in
 * turn. Like nginx's `proxy_next_upstream error`, an instance that refuses the connection (it
 * is down) is skipped for that request; a request an instance took and then dropped is a 502,
 * never sent twice. Bodies are buffered so a request can be offered to the next instance.
 */
export interface RoundRobinProxy {
  url: string;
  /** Which instance answered each request, in order (index into the targets). */
  answeredBy: number[];
  /** The instances from now on (the proxy may start first, so they can be told its address). */
  setTargets(targets: readonly string[]): void;
  close(): Promise<void>;
}

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection']);

export async function startRoundRobinProxy(initialTargets: readonly string[]): Promise<RoundRobinProxy> {
  let targets = [...initialTargets];
  let next = 0;
  const answeredBy: number[] = [];
  const agent = new http.Agent({ keepAlive: true });

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (targets.length === 0) return void res.writeHead(503, { 'retry-after': '1' }).end();
      const first = next % targets.length;
      next = (next + 1) % targets.length;
      forward(req, Buffer.concat(chunks), res, first, targets.length);
    });
  });

  function forward(req: http.IncomingMessage, body: Buffer, res: http.ServerResponse, target: number, triesLeft: number): void {
    const upstream = new URL(req.url ?? '/', targets[target]);
    const headers = Object.fromEntries(Object.entries(req.headers).filter(([name]) => !HOP_BY_HOP.has(name)));
    const outgoing = http.request(upstream, { method: req.method, headers, agent }, (answer) => {
      answeredBy.push(target);
      const answerHeaders = Object.fromEntries(Object.entries(answer.headers).filter(([name]) => !HOP_BY_HOP.has(name)));
      res.writeHead(answer.statusCode ?? 502, answerHeaders);
      answer.pipe(res);
    });
    outgoing.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ECONNREFUSED' && triesLeft > 1)
        return forward(req, body, res, (target + 1) % targets.length, triesLeft - 1);
      if (!res.headersSent)
        res.writeHead(502, { 'content-type': 'application/json' }).end(JSON.stringify({ error: error.message }));
      else res.destroy();
    });
    outgoing.end(body);
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    answeredBy,
    setTargets(newTargets) {
      targets = [...newTargets];
    },
    async close() {
      agent.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
