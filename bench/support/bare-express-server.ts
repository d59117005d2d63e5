/**
 * The machine's floor for a JSON read: an Express app that answers GET /floor/<bytes> with a fixed
 * JSON body of that many bytes, made once per size, with a strong ETag computed once too (a
 * request with that ETag in If-None-Match gets a 304, as Express answers a fresh request). No
 * sign-in, no database. Started by benchmarks in its own process:
 * `node --import tsx bench/support/bare-express-server.ts <port>`.
 */
import { createHash } from 'node:crypto';
import express from 'express';

const port = Number(process.argv[2]);
const bodies = new Map<number, { body: string; etag: string }>();

function bodyOf(bytes: number): { body: string; etag: string } {
  let made = bodies.get(bytes);
  if (!made) {
    const body = JSON.stringify([{ notes: 'x'.repeat(Math.max(0, bytes - 14)) }]);
    made = { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
    bodies.set(bytes, made);
  }
  return made;
}

const app = express();
// The ETag is set by the handler, not hashed from the body on every request.
app.set('etag', false);
app.get('/floor/:bytes', (req, res) => {
  const { body, etag } = bodyOf(Number(req.params.bytes));
  res.set('ETag', etag).type('json').send(body);
});
app.listen(port, '127.0.0.1', () => console.log('listening'));
