import type { AddressInfo } from 'node:net';
import express, { Router, type RequestHandler } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from '../testing/request';
import { dispatchByFirstSegment } from './route-dispatch';
import { closeHttpServer, listen } from './shutdown';

const walked: string[] = [];

/** A router that notes each request it is given (`name`); its routes answer with the text given. */
function router(name: string, define: (router: Router, answer: (text: string) => RequestHandler) => void): Router {
  const created = Router();
  define(created, (text) => (_req, res) => void res.send(text));
  const noting: RequestHandler = (req, res, next) => {
    walked.push(name);
    created(req, res, next);
  };
  return Object.assign(noting, { stack: created.stack }) as unknown as Router;
}

const entries = router('entries', (r, answer) => {
  r.get('/entries', answer('entries list'));
  r.get('/entries/:id', answer('one entry'));
});
const nested = Router();
nested.get('/users/:id', (_req, res) => void res.send('one user'));
const accounts = router('accounts', (r, answer) => {
  r.get('/user', answer('current user'));
  r.use(nested);
});
const failing = router('failing', (r) => {
  r.get('/broken', () => {
    throw new Error('boom');
  });
});
const passing = router('passing', (r, answer) => {
  r.get('/entries', (_req, _res, next) => next('router'));
  r.get('/docs', answer('docs'));
});
const byParameter = router('by parameter', (r, answer) => r.get('/:kind/summary', answer('summary')));
const guarded = router('guarded', (r, answer) => {
  r.use((req, res, next) => (req.path === '/guarded-anywhere' ? void res.status(403).send('guard') : next()));
  r.get('/guarded', answer('guarded'));
});

let baseUrl: string;
let close: () => Promise<void>;

beforeAll(async () => {
  const app = express();
  app.use('/api', dispatchByFirstSegment([passing, accounts, entries, failing, byParameter, guarded]));
  app.use('/api', (_req, res) => void res.status(404).send('not found'));
  app.use(((error, _req, res, _next) => void res.status(500).send((error as Error).message)) as express.ErrorRequestHandler);
  const server = await listen(app, 0, '127.0.0.1');
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => closeHttpServer(server);
});

afterAll(() => close());

async function get(path: string): Promise<{ status: number; body: string; walked: string[] }> {
  walked.length = 0;
  const response = await request<string>({ baseUrl }, 'GET', path);
  return { status: response.status, body: response.body, walked: [...walked] };
}

describe('dispatchByFirstSegment', () => {
  it('walks only the routers with routes under the first segment, in the order given', async () => {
    expect(await get('/api/entries/7')).toEqual({ status: 200, body: 'one entry', walked: ['passing', 'entries'] });
    expect(await get('/api/user')).toEqual({ status: 200, body: 'current user', walked: ['accounts'] });
    expect(await get('/api/docs')).toEqual({ status: 200, body: 'docs', walked: ['passing'] });
  });

  it('walks for every path the routers whose first segment is a parameter or that have a middleware for every path', async () => {
    expect(await get('/api/teams/summary')).toEqual({ status: 200, body: 'summary', walked: ['by parameter'] });
    expect(await get('/api/guarded-anywhere')).toEqual({ status: 403, body: 'guard', walked: ['by parameter', 'guarded'] });
    expect(await get('/api/user')).toEqual({ status: 200, body: 'current user', walked: ['accounts'] });
  });

  it('finds the routes of a nested router, ignores case as Express routes do, and goes on after next("router")', async () => {
    expect(await get('/api/users/3')).toMatchObject({ status: 200, body: 'one user', walked: ['accounts'] });
    expect(await get('/api/ENTRIES')).toMatchObject({ status: 200, body: 'entries list', walked: ['passing', 'entries'] });
  });

  it('passes unknown paths on without walking any router, and errors to the error handler', async () => {
    expect(await get('/api/nothing-here')).toEqual({ status: 404, body: 'not found', walked: ['by parameter', 'guarded'] });
    expect(await get('/api/broken')).toMatchObject({ status: 500, body: 'boom' });
  });
});
