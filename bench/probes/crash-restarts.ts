/**
 * Crash and restart under write load (issue 19): BENCH_ROUNDS times, the product (as the API image
 * runs it, on one DATA_DIR with its embedded PostgreSQL) takes BENCH_WRITERS closed-loop writers of
 * `POST /api/entries`; after BENCH_ACKNOWLEDGED acknowledged writes its process group and the
 * PostgreSQL watchdog are killed with SIGKILL and it is started again at once, as a process manager
 * does. Prints per round: seconds from the restart until `Ready` and until `GET /api/health/ready`
 * answers 200, and the acknowledged writes missing afterwards (target: ready within 10 s, 0 lost).
 *
 * Run: `npx tsx bench/probes/crash-restarts.ts` (BENCH_ROUNDS=10, BENCH_WRITERS=8, BENCH_ACKNOWLEDGED=2000).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os, { loadavg } from 'node:os';
import path from 'node:path';
import type { EntryView, LoginResponse } from '@tht/contracts';
import { watchdogsOf } from '@tht/postgres/testing';
import { serverOnlyInstallation, spawnApi, type ProductProcess } from '../../api/src/testing/product-process';
import { request } from '../../api/src/testing/request';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 10);
const WRITERS = Number(process.env.BENCH_WRITERS ?? 8);
const ACKNOWLEDGED = Number(process.env.BENCH_ACKNOWLEDGED ?? 2_000);
const READY_WITHIN_S = 10;
const ADMIN = { email: 'crash.admin@example.com', password: 'crash-probe-password' };

const installation = await serverOnlyInstallation();
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'tht-crash-probe-'));
const start = () =>
  spawnApi({ cwd: installation, env: { DATA_DIR: dataDir, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password } });

async function logIn(baseUrl: string): Promise<{ token: string; userId: number }> {
  const response = await request<LoginResponse>({ baseUrl }, 'POST', '/api/login', {
    body: { username: ADMIN.email, password: ADMIN.password },
  });
  if (response.status !== 200) throw new Error(`sign-in answered ${response.status}`);
  return { token: response.body.authToken, userId: response.body.user.id };
}

/** Writers that log entries until a request fails (the kill); resolves `enough` after `count` acknowledgements. */
function streamWrites(baseUrl: string, token: string, round: number, count: number) {
  const acknowledged: { id: number; trainingName: string }[] = [];
  let reached: () => void;
  const enough = new Promise<void>((resolve) => (reached = resolve));
  const writer = async (writerId: number) => {
    for (let n = 0; ; n++) {
      const trainingName = `Round ${round} writer ${writerId} #${n}`;
      const body = { firstName: 'Crash', lastName: 'Probe', trainingName, date: '2025-03-04', hours: 1, trainingType: 'internal' };
      const response = await request<EntryView>({ baseUrl }, 'POST', '/api/entries', { token, body }).catch(() => null);
      if (response?.status !== 201) return;
      acknowledged.push({ id: response.body.id, trainingName });
      if (acknowledged.length >= count) reached();
    }
  };
  return { acknowledged, enough, writers: Promise.all(Array.from({ length: WRITERS }, (_, id) => writer(id))) };
}

async function secondsUntilReady(baseUrl: string, since: number): Promise<number> {
  for (;;) {
    const answer = await request({ baseUrl }, 'GET', '/api/health/ready').catch(() => null);
    if (answer?.status === 200) return (Date.now() - since) / 1000;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const rows: string[] = [];
let product: ProductProcess = start();
let lostInAll = 0;
let acknowledgedInAll = 0;
let slowestReady = 0;
try {
  await product.ready;
  for (let round = 1; round <= ROUNDS; round++) {
    const baseUrl = await product.baseUrl;
    const { token, userId } = await logIn(baseUrl);
    const stream = streamWrites(baseUrl, token, round, ACKNOWLEDGED);
    await stream.enough;
    const watchdogs = await watchdogsOf(product.pid);
    product.killGroup();
    for (const pid of watchdogs) process.kill(pid, 'SIGKILL');
    await product.exitCode;
    const restartedAt = Date.now();
    product = start();
    await stream.writers;
    await product.ready;
    const readySeconds = (Date.now() - restartedAt) / 1000;
    const restartedUrl = await product.baseUrl;
    const healthySeconds = await secondsUntilReady(restartedUrl, restartedAt);
    const listed = await request<EntryView[]>({ baseUrl: restartedUrl }, 'GET', `/api/entries?userId=${userId}`, {
      token: (await logIn(restartedUrl)).token,
    });
    const present = new Set(listed.body.map((view) => `${view.id} ${view.trainingName}`));
    const lost = stream.acknowledged.filter(({ id, trainingName }) => !present.has(`${id} ${trainingName}`)).length;
    lostInAll += lost;
    acknowledgedInAll += stream.acknowledged.length;
    slowestReady = Math.max(slowestReady, healthySeconds);
    rows.push(
      `| ${round} | ${stream.acknowledged.length} | ${readySeconds.toFixed(1)} | ${healthySeconds.toFixed(1)} | ${lost} | ${loadavg()[0]!.toFixed(1)} |`,
    );
    console.log(rows.at(-1));
  }
} finally {
  await product.stop();
  await rm(installation, { recursive: true, force: true });
  await rm(dataDir, { recursive: true, force: true });
}

console.log(`\n| round | acknowledged | Ready after (s) | health/ready 200 after (s) | lost | load average (1 min) |`);
console.log('|---|---|---|---|---|---|');
for (const row of rows) console.log(row);
console.log(
  `\n${rows.length} rounds: slowest ready ${slowestReady.toFixed(1)} s (target ${READY_WITHIN_S} s), ` +
    `${lostInAll} of ${acknowledgedInAll} acknowledged writes lost.`,
);
