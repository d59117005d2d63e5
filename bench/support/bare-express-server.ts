/**
 * The machine's floor for a JSON read: an Express app that answers GET /floor/<bytes> with a fixed
 * JSON body of that many bytes, made once per size, with a strong ETag computed once too (a
 * request with that ETag in If-None-Match gets a 304, as Express answers a fresh request), and
 * GET /floor/<bytes>/<padding> the same with an `x-floor-padding` header of that many characters,
 * so that its headers weigh what the product's do (security headers, correlation id). No sign-in,
 * no database. Started by benchmarks in its own process:
 * `node --import tsx bench/support/bare-express-server.ts <port>`.
 */
import { createHash } from 'node:crypto';
import express from 'express';

const port = Number(process.argv[2]);
const answers = new Map<string, { body: string; etag: string; padding: string }>();

function answerOf(bytes: number, padding: number): { body: string; etag: string; padding: string } {
  const key = `${bytes}/${padding}`;
  let made = answers.get(key);
  if (!made) {
    const body = JSON.stringify([{ notes: 'x'.repeat(Math.max(0, bytes - 14)) }]);
    made = { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"`, padding: 'x'.repeat(padding) };
    answers.set(key, made);
  }
  return made;
}

const app = express();
// The ETag is set by the handler, not hashed from the body on every request.
app.set('etag', false);
app.get('/floor/:bytes{/:padding}', (req, res) => {
  const { body, etag, padding } = answerOf(Number(req.params.bytes), Number(req.params.padding ?? 0));
  if (padding !== '') res.set('x-floor-padding', padding);
  res.set('ETag', etag).type('json').send(body);
});
app.listen(port, '127.0.0.1', () => console.log('listening'));
