import net, { type AddressInfo } from 'node:net';
import { ConcurrencyError } from '@tht/eventstore';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { request } from '../testing/request';
import { DomainError, type DomainErrorReason } from './decider';
import { HttpError, MALFORMED_ADDRESS_MESSAGE, apiNotFound, errorHandler, isRefusal, parseWith, refusalStatus } from './http';
import type { Logger } from './logger';
import { closeHttpServer, listen } from './shutdown';

const logged: string[] = [];
const recordingLogger: Logger = {
  debug: () => {},
  info: () => {},
  warn: () => {},
  error: (message, error) => logged.push(`${message}: ${String(error)}`),
};

const nameSchema = z.object({ name: z.string({ error: 'Name is required' }).min(1, 'Name is required') });

let baseUrl: string;
let port: number;
let close: () => Promise<void>;

beforeAll(async () => {
  const app = express();
  app.use(express.json());
  app.post('/api/names', (req, res) => {
    const { name } = parseWith(nameSchema, req.body);
    res.status(201).json({ name });
  });
  app.get('/api/forbidden', () => {
    throw new HttpError(403, 'Admin access required');
  });
  app.get('/api/refused/:reason', (req) => {
    throw new DomainError(req.params.reason as DomainErrorReason, 'Refused');
  });
  app.get('/api/code-required', () => {
    throw new DomainError('unauthenticated', 'Code required', { mfaRequired: true });
  });
  app.get('/api/conflict', async () => {
    throw new ConcurrencyError('entry-1', 3, 4);
  });
  app.get('/api/bug', async () => {
    throw new Error('connection string postgres://secret@db leaked');
  });
  app.get('/api/items/:id', (req, res) => {
    res.json({ id: req.params.id });
  });
  app.use('/api', apiNotFound);
  app.use(errorHandler(recordingLogger));
  const server = await listen(app, 0, '127.0.0.1');
  port = (server.address() as AddressInfo).port;
  baseUrl = `http://127.0.0.1:${port}`;
  close = () => closeHttpServer(server);
});

afterAll(() => close());

describe('error responses', () => {
  it('parseWith turns the first schema issue into a 400 with its message', async () => {
    expect(await request({ baseUrl }, 'POST', '/api/names', { body: {} })).toMatchObject({
      status: 400,
      body: { error: 'Name is required' },
    });
    expect(await request({ baseUrl }, 'POST', '/api/names', { body: { name: 'Ada' } })).toMatchObject({
      status: 201,
      body: { name: 'Ada' },
    });
  });

  it('sends an HttpError with its status and message', async () => {
    expect(await request({ baseUrl }, 'GET', '/api/forbidden')).toMatchObject({
      status: 403,
      body: { error: 'Admin access required' },
    });
  });

  it("answers a refused command with its reason's status and its message", async () => {
    const reasons: DomainErrorReason[] = ['invalid', 'unauthenticated', 'forbidden', 'not-found', 'conflict'];
    const answers = await Promise.all(reasons.map((reason) => request({ baseUrl }, 'GET', `/api/refused/${reason}`)));
    expect(answers.map(({ status, body }) => ({ status, body }))).toEqual(
      [400, 401, 403, 404, 409].map((status) => ({ status, body: { error: 'Refused' } })),
    );
  });

  it("sends a refusal's details beside its message", async () => {
    expect(await request({ baseUrl }, 'GET', '/api/code-required')).toMatchObject({
      status: 401,
      body: { error: 'Code required', mfaRequired: true },
    });
  });

  it('tells the refusals a client caused, with their statuses, from other errors', () => {
    const refusals = [new HttpError(413, 'Too large'), new DomainError('not-found', 'Gone')];
    expect(refusals.map((error) => isRefusal(error) && refusalStatus(error))).toEqual([413, 404]);
    expect(isRefusal(new ConcurrencyError('entry-1', 3, 4))).toBe(false);
  });

  it('maps a concurrency conflict from the event store to 409', async () => {
    const response = await request({ baseUrl }, 'GET', '/api/conflict');
    expect(response.status).toBe(409);
    expect(response.body.error).toMatch(/changed by someone else/);
  });

  it('answers an unexpected error with a bare 500, logging the details server-side only', async () => {
    const response = await request({ baseUrl }, 'GET', '/api/bug');
    expect(response).toMatchObject({ status: 500, body: { error: 'Internal server error' } });
    expect(JSON.stringify(response.body)).not.toContain('secret');
    expect(logged.at(-1)).toContain('GET /api/bug failed: Error: connection string');
  });

  it("redacts secret query values in the failure's log line, as the request log does", async () => {
    await request({ baseUrl }, 'GET', '/api/bug?resetToken=abc123&year=2026&password=hunter2');
    expect(logged.at(-1)).toContain('GET /api/bug?resetToken=[Redacted]&year=2026&password=[Redacted] failed');
    expect(logged.at(-1)).not.toMatch(/abc123|hunter2/);
  });

  it('answers a path the router cannot decode with 400, not 500', async () => {
    expect(await request({ baseUrl }, 'GET', '/api/items/%E0%A4%A')).toMatchObject({
      status: 400,
      body: { error: MALFORMED_ADDRESS_MESSAGE },
    });
  });

  it('answers unknown API paths with a JSON 404', async () => {
    expect(await request({ baseUrl }, 'DELETE', '/api/no/such/thing')).toMatchObject({
      status: 404,
      body: { error: 'Not found' },
    });
  });
});

/** Sends `head` (a request line and headers, bytes as written) as it is, and reads the whole answer. */
function rawRequest(head: string): Promise<{ status: number; headers: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.end(Buffer.from(`${head}\r\n\r\n`, 'latin1')));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const answer = Buffer.concat(chunks).toString('utf8');
      const [headers = '', body = ''] = answer.split('\r\n\r\n');
      resolve({ status: Number(headers.split(' ')[1]), headers, body });
    });
  });
}

describe('requests the HTTP parser refuses', () => {
  it('are answered with a JSON {error} too: raw bytes and tabs in the address, NUL in a header, an unknown method', async () => {
    for (const head of [
      'GET /api/items?year=\xff\xfe HTTP/1.1\r\nHost: x',
      'GET /api/items/\xe0\xa4 HTTP/1.1\r\nHost: x',
      'GET /api/items/a\tb HTTP/1.1\r\nHost: x',
      'GET /api/items/1 HTTP/1.1\r\nHost: x\r\nX-Bad: a\x00b',
      'BREW /api/items/1 HTTP/1.1\r\nHost: x',
      'GET /api/items/1 HTTP/9.9\r\nHost: x',
    ]) {
      const answer = await rawRequest(head);
      expect(answer.status, JSON.stringify(head)).toBe(400);
      expect(answer.headers.toLowerCase()).toContain('content-type: application/json');
      expect(JSON.parse(answer.body)).toEqual({ error: 'Malformed HTTP request' });
    }
  });

  it('answers headers beyond the size limit with 431 and a JSON {error}', async () => {
    const answer = await rawRequest(`GET /api/items/1 HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}`);
    expect(answer.status).toBe(431);
    expect(JSON.parse(answer.body)).toEqual({ error: 'Request headers too large' });
  });
});
