// POST /api/login and GET /api/user with 50 connections (closed loop: each connection sends its
// next request when the previous one is answered). Logins are real: argon2id verification, a
// UserLoggedIn event appended and the read models caught up before the response; they are a
// reference row (no floor). GET /api/user is set against the bare-Express floor sending a body of
// the same size, with its conditional repeat read (see support/against-floor.ts).
// Sizes: BENCH_LOGINS (500), BENCH_REQUESTS (5000).
import type { Account } from '@tht/test-kit';
import { compareWithFloor } from './support/against-floor';
import { startLoadGenerator } from './support/load';
import { runBenchmark } from './support/product';
import { emitRow, referenceRow } from './support/report';

const CLIENTS = 50;
const LOGINS = Number(process.env.BENCH_LOGINS ?? 500);
const USER_READS = Number(process.env.BENCH_REQUESTS ?? 5_000);
const TARGET_RATIO = 0.6;

await runBenchmark('api-auth', async ({ baseUrl, accounts }) => {
  // Created by the admin: registration is limited per client address, and this one is every client's.
  console.log(`Creating ${CLIENTS} accounts (one per client)...`);
  const users: Account[] = [];
  for (let i = 0; i < CLIENTS; i += 1) users.push(await accounts.createAccount('employee'));

  const load = startLoadGenerator();
  try {
    const logins = await load.measure({
      baseUrl,
      connections: CLIENTS,
      amount: LOGINS,
      requests: users.map((user) => ({
        method: 'POST',
        path: '/api/login',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: user.email, password: user.password }),
      })),
    });
    emitRow(referenceRow('for reference, POST /api/login', CLIENTS, logins));
  } finally {
    load.close();
  }

  const tokens = await Promise.all(users.map((user) => accounts.signInToken(user.email, user.password)));
  const comparison = await compareWithFloor(baseUrl, CLIENTS);
  try {
    const requests = tokens.map((token) => ({ path: '/api/user', headers: { authorization: `Bearer ${token}` } }));
    await comparison.measure({ label: 'GET /api/user', requests, amount: USER_READS, target: TARGET_RATIO });
  } finally {
    comparison.close();
  }
});
