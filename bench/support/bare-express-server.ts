/**
 * The machine's floor for a JSON read: an Express app that answers GET /floor with a fixed JSON body
 * of the size given (bytes), with no sign-in and no database. Started by benchmarks in its own
 * process: `node --import tsx bench/support/bare-express-server.ts <port> <bytes>`.
 */
import express from 'express';

const [port, bytes] = process.argv.slice(2).map(Number);
const body = JSON.stringify([{ notes: 'x'.repeat(Math.max(0, bytes! - 14)) }]);
const app = express();
app.get('/floor', (_req, res) => {
  res.type('json').send(body);
});
app.listen(port!, '127.0.0.1', () => console.log('listening'));
