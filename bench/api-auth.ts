// p50/p95 of POST /api/login and GET /api/user with 50 concurrent clients (closed loop: each client
// sends its next request when the previous one is answered). Logins are real: argon2id verification,
// a UserLoggedIn event appended and the read models caught up before the response.
import type { Account } from '../e2e/src/support/accounts';
import { createLoadClient, formatLatency, measureLatency } from './support/load';
import { runBenchmark } from './support/product';

const CLIENTS = 50;
const LOGINS = 500;
const USER_READS = 5000;

await runBenchmark('api-auth', async ({ baseUrl, accounts }) => {
  console.log(`Registering ${CLIENTS} accounts (one per client)...`);
  const users: Account[] = [];
  for (let i = 0; i < CLIENTS; i += 1) users.push(await accounts.registerAccount());

  const client = createLoadClient(baseUrl, CLIENTS);
  const logIn = async (user: Account) => {
    await client.send('POST /api/login', '/api/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: user.email, password: user.password }),
    });
  };
  await measureLatency(CLIENTS, CLIENTS, (index) => logIn(users[index % CLIENTS]!)); // warm-up
  const logins = await measureLatency(CLIENTS, LOGINS, (index) => logIn(users[index % CLIENTS]!));
  console.log(formatLatency(`POST /api/login, ${CLIENTS} concurrent clients`, logins));

  const tokens = await Promise.all(users.map((user) => accounts.signInToken(user.email, user.password)));
  const readUser = async (index: number) => {
    await client.send('GET /api/user', '/api/user', { headers: { authorization: `Bearer ${tokens[index % CLIENTS]}` } });
  };
  await measureLatency(CLIENTS, CLIENTS * 4, readUser); // warm-up
  const reads = await measureLatency(CLIENTS, USER_READS, readUser);
  console.log(formatLatency(`GET /api/user, ${CLIENTS} concurrent clients`, reads));
  client.close();
});
