import { startFloorServer } from './floor';
import { httpRequest, startLoadGenerator, type LatencySummary, type LoadRequest } from './load';
import { emitRow, loadAverageText, ratioRow, type BenchRow } from './report';

/** A read measured against the floor. */
export interface ReadUnderLoad {
  /** The row's name, e.g. 'GET /api/entries?userId=&year='. */
  label: string;
  /** Sent in turn by all connections (e.g. random users and years, drawn beforehand). */
  requests: readonly LoadRequest[];
  /** Responses measured (after a warm-up). */
  amount: number;
  /** The least throughput ratio to the floor; null: a reference row, without the conditional repeat read. */
  target: number | null;
}

/** The target ratio of a conditional repeat read (If-None-Match with the ETag of a first response) to the floor's. */
export const CONDITIONAL_TARGET = 0.9;
/** How many of a read's distinct requests are fetched once first: for the body size the floor sends, and their ETags. */
const SAMPLE = 100;

interface Sampled {
  request: LoadRequest;
  etag: string | null;
}

export interface FloorComparison {
  /**
   * Measures the read, then the floor sending a body of the read's mean size, and, for a read
   * with a target, the conditional repeat read against the floor's 304; emits their rows.
   */
  measure(read: ReadUnderLoad): Promise<BenchRow[]>;
  close(): void;
}

/** The load generator and the floor server of one benchmark, against the product at `baseUrl`. */
export async function compareWithFloor(baseUrl: string, connections: number): Promise<FloorComparison> {
  const load = startLoadGenerator();
  const floor = await startFloorServer();

  async function sample(requests: readonly LoadRequest[]): Promise<{ bytes: number; sampled: Sampled[] }> {
    const sampled: Sampled[] = [];
    let bytes = 0;
    const distinct = new Map(requests.map((request) => [JSON.stringify(request), request]));
    for (const request of [...distinct.values()].slice(0, SAMPLE)) {
      const answer = await httpRequest(baseUrl, request, 200);
      bytes += Buffer.byteLength(answer.body);
      sampled.push({ request, etag: answer.headers.get('etag') });
    }
    return { bytes: bytes / sampled.length, sampled };
  }

  async function floorRun(path: string, amount: number, headers: Record<string, string> = {}, expectStatus?: number) {
    return load.measure({ baseUrl: floor.baseUrl, connections, amount, requests: [{ path, headers }], expectStatus });
  }

  async function conditionalRead(read: ReadUnderLoad, bytes: number, sampled: readonly Sampled[]): Promise<BenchRow> {
    const request = `${read.label}, repeat read (If-None-Match)`;
    if (sampled.some(({ etag }) => etag === null)) {
      return {
        request,
        clients: connections,
        perSecond: 0,
        p50Ms: null,
        p95Ms: null,
        floorPerSecond: null,
        ratio: null,
        target: `>= ${CONDITIONAL_TARGET}`,
        met: false,
        note: 'no ETag',
      };
    }
    const requests = sampled.map(({ request: { headers, ...rest }, etag }) => ({
      ...rest,
      headers: { ...headers, 'if-none-match': etag! },
    }));
    const product = await load.measure({ baseUrl, connections, amount: read.amount, requests, expectStatus: 304 });
    const floorEtag = (await httpRequest(floor.baseUrl, { path: floor.pathFor(bytes) })).headers.get('etag')!;
    const floorAnswer = await floorRun(floor.pathFor(bytes), read.amount, { 'if-none-match': floorEtag }, 304);
    return ratioRow(request, connections, product, floorAnswer.requestsPerSecond, CONDITIONAL_TARGET);
  }

  return {
    async measure(read) {
      console.log(`  ${read.label} (${loadAverageText()})`);
      const { bytes, sampled } = await sample(read.requests);
      const product: LatencySummary = await load.measure({ baseUrl, connections, amount: read.amount, requests: read.requests });
      const floorAnswer = await floorRun(floor.pathFor(bytes), read.amount);
      const rows: BenchRow[] = [
        {
          ...ratioRow(read.label, connections, product, floorAnswer.requestsPerSecond, read.target),
          note: `${Math.round(bytes)} B`,
        },
      ];
      if (read.target !== null) rows.push(await conditionalRead(read, bytes, sampled));
      for (const row of rows) emitRow(row);
      return rows;
    },
    close() {
      load.close();
      floor.stop();
    },
  };
}
