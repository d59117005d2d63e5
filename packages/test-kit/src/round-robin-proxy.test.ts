import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './free-port';
import { startRoundRobinProxy, type RoundRobinProxy } from './round-robin-proxy';

const instances: Server[] = [];
let proxy: RoundRobinProxy;

async function instanceAnswering(name: string): Promise<string> {
  const server = createServer((_req, res) => res.end(name));
  instances.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  proxy = await startRoundRobinProxy([]);
});

afterAll(async () => {
  await proxy.close();
  await Promise.all(instances.map((server) => new Promise((resolve) => server.close(resolve))));
});

const answer = async () => (await fetch(proxy.url)).text();

describe('the round-robin proxy', () => {
  it('sends each request to the next instance in turn, skipping one that refuses connections', async () => {
    const down = `http://127.0.0.1:${await freePort()}`;
    proxy.setTargets([await instanceAnswering('a'), down, await instanceAnswering('b')]);
    // The second request's turn is the instance that is down: the one after it takes it.
    expect([await answer(), await answer(), await answer(), await answer()]).toEqual(['a', 'b', 'b', 'a']);
    expect(proxy.answeredBy).toEqual([0, 2, 2, 0]);
  });
});
