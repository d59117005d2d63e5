import { fork, type ChildProcess } from 'node:child_process';
import { repoRoot } from '@tht/test-kit';
import { cpuSecondsOf } from './process-cpu';

/**
 * Closed-loop HTTP load on autocannon. autocannon runs in a child process of its own (see
 * `load-client.ts`), not in the benchmark's process nor in a worker thread of it: the client's
 * CPU then never shares an event loop with the benchmark's timers, pools and pipes, and the
 * servers measured (the product, the floor) run in processes of their own too.
 */

export interface LoadRequest {
  method?: string;
  /** Path and query, e.g. `/api/entries?userId=3&year=2025`. */
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface LoadOrder {
  url: string;
  connections: number;
  amount: number;
  requests: readonly LoadRequest[];
}

export interface LoadReport {
  latenciesMs: number[];
  statuses: Record<string, number>;
  /** From the start to the last response. */
  seconds: number;
  errors: string[];
}

export interface LatencySummary {
  requests: number;
  p50Ms: number;
  p95Ms: number;
  requestsPerSecond: number;
  /** With `cpuOf`: that process's CPU time (user and system) over the measured requests, divided by their number. */
  cpuMicrosecondsPerRequest?: number;
}

export interface LoadRun {
  baseUrl: string;
  connections: number;
  /** Responses to measure; a warm-up of the same requests (up to 1,000) comes first. */
  amount: number;
  /** Sent in turn by all connections together (e.g. random users and years, drawn beforehand). */
  requests: readonly LoadRequest[];
  /** Every response must have this status (default: any 2xx). */
  expectStatus?: number;
  /**
   * The warm-up's own requests, each sent once, when a request may be sent only once (new statement
   * ids); default: up to 1,000 of `requests`.
   */
  warmUpRequests?: readonly LoadRequest[];
  /** The id of the server's process on this machine: its CPU per request is measured too (warm-up excluded). */
  cpuOf?: number | null;
}

const WARM_UP = 1_000;

function percentile(sorted: readonly number[], share: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)]!;
}

function summarise({ latenciesMs, seconds }: LoadReport): LatencySummary {
  const sorted = [...latenciesMs].sort((a, b) => a - b);
  return {
    requests: sorted.length,
    p50Ms: percentile(sorted, 0.5),
    p95Ms: percentile(sorted, 0.95),
    requestsPerSecond: sorted.length / seconds,
  };
}

function checkStatuses(what: string, { statuses, errors }: LoadReport, expectStatus: number | undefined): void {
  const unexpected = Object.entries(statuses).filter(([status]) =>
    expectStatus === undefined ? !/^2\d\d$/.test(status) : Number(status) !== expectStatus,
  );
  if (unexpected.length > 0 || errors.length > 0) {
    throw new Error(`${what}: unexpected answers ${JSON.stringify(Object.fromEntries(unexpected))} ${errors.join('; ')}`);
  }
}

export interface LoadGenerator {
  /** Warms up, then measures `amount` responses; throws when one has an unexpected status. */
  measure(run: LoadRun): Promise<LatencySummary>;
  close(): void;
}

export function startLoadGenerator(): LoadGenerator {
  const child: ChildProcess = fork(new URL('./load-client.ts', import.meta.url), [], {
    cwd: repoRoot,
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let queue = Promise.resolve<unknown>(undefined);

  function order(load: LoadOrder): Promise<LoadReport> {
    const answer = queue.then(
      () =>
        new Promise<LoadReport>((resolve, reject) => {
          const onExit = () => reject(new Error('the load generator exited'));
          child.once('exit', onExit);
          child.once('message', (message: { report?: LoadReport; error?: string }) => {
            child.off('exit', onExit);
            if (message.report) resolve(message.report);
            else reject(new Error(`the load generator failed: ${message.error}`));
          });
          child.send(load);
        }),
    );
    queue = answer.catch(() => {});
    return answer;
  }

  return {
    async measure({ baseUrl, connections, amount, requests, expectStatus, warmUpRequests, cpuOf }) {
      const what = `${requests[0]?.method ?? 'GET'} ${baseUrl}${requests[0]?.path ?? ''}`;
      const load = (count: number, sent: readonly LoadRequest[]) =>
        order({ url: baseUrl, connections: Math.min(connections, count), amount: count, requests: sent });
      const warmUp = warmUpRequests ? load(warmUpRequests.length, warmUpRequests) : load(Math.min(WARM_UP, amount), requests);
      checkStatuses(what, await warmUp, expectStatus);
      const cpuBefore = cpuOf ? await cpuSecondsOf(cpuOf) : 0;
      const report = await load(amount, requests);
      const summary = summarise(report);
      if (cpuOf) summary.cpuMicrosecondsPerRequest = (1e6 * ((await cpuSecondsOf(cpuOf)) - cpuBefore)) / summary.requests;
      checkStatuses(what, report, expectStatus);
      return summary;
    },
    close() {
      child.disconnect();
    },
  };
}

export function formatLatency(label: string, summary: LatencySummary): string {
  return `${label}: p50 ${summary.p50Ms.toFixed(1)} ms, p95 ${summary.p95Ms.toFixed(1)} ms (${summary.requests} requests, ${summary.requestsPerSecond.toFixed(0)} req/s)`;
}

export interface HttpAnswer {
  status: number;
  headers: Headers;
  body: string;
}

/** One request outside the load (set-up, checks, a first response's size and ETag); throws on an unexpected status. */
export async function httpRequest(
  baseUrl: string,
  { method = 'GET', path, headers, body }: LoadRequest,
  expectStatus?: number,
): Promise<HttpAnswer> {
  const response = await fetch(`${baseUrl}${path}`, { method, headers, body });
  const answer = { status: response.status, headers: response.headers, body: await response.text() };
  const ok = expectStatus === undefined ? response.ok : response.status === expectStatus;
  if (!ok) throw new Error(`${method} ${path} answered ${response.status}: ${answer.body.slice(0, 300)}`);
  return answer;
}

/** `httpRequest`'s body parsed as JSON. */
export async function httpJson(baseUrl: string, request: LoadRequest): Promise<unknown> {
  return JSON.parse((await httpRequest(baseUrl, request)).body) as unknown;
}
