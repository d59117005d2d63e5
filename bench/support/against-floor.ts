import { startFloorServer } from './floor';
import { httpRequest, startLoadGenerator, type LatencySummary, type LoadRequest } from './load';
import { localServerPid } from './process-cpu';
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

/** What a response's header lines weigh on the wire (`name: value` and the line's end), as received. */
const headerBytes = (headers: Headers): number =>
  [...headers].reduce((sum, [name, value]) => sum + name.length + value.length + 4, 0);

/** The floor's padding header's own weight beside its value (`x-floor-padding: ` and the line's end). */
const PADDING_HEADER_BYTES = 'x-floor-padding'.length + 4;

const micros = (value: number | undefined) => (value === undefined ? '-' : `${Math.round(value)} µs`);

/** The row's note on the CPU each process spent per measured request. */
const cpuNote = (product: LatencySummary, floor: LatencySummary): string =>
  `CPU per request ${micros(product.cpuMicrosecondsPerRequest)}, the floor's ${micros(floor.cpuMicrosecondsPerRequest)}`;

export interface FloorComparison {
  /**
   * Measures the read, then the floor sending a body of the read's mean size with headers of the
   * same weight, and, for a read with a target, the conditional repeat read against the floor's
   * 304; emits their rows, each with the CPU time per request of the product's process and the
   * floor's (from /proc: what the machine's other work distorts least).
   */
  measure(read: ReadUnderLoad): Promise<BenchRow[]>;
  close(): void;
}

/** The load generator and the floor server of one benchmark, against the product at `baseUrl`. */
export async function compareWithFloor(baseUrl: string, connections: number): Promise<FloorComparison> {
  const load = startLoadGenerator();
  const floor = await startFloorServer();
  const productPid = await localServerPid(baseUrl);

  async function sample(requests: readonly LoadRequest[]): Promise<{ bytes: number; headerBytes: number; sampled: Sampled[] }> {
    const sampled: Sampled[] = [];
    let bytes = 0;
    let headerWeight = 0;
    const distinct = new Map(requests.map((request) => [JSON.stringify(request), request]));
    for (const request of [...distinct.values()].slice(0, SAMPLE)) {
      const answer = await httpRequest(baseUrl, request, 200);
      bytes += Buffer.byteLength(answer.body);
      headerWeight += headerBytes(answer.headers);
      sampled.push({ request, etag: answer.headers.get('etag') });
    }
    return { bytes: bytes / sampled.length, headerBytes: headerWeight / sampled.length, sampled };
  }

  /** The floor's path for a body of `bytes` whose headers weigh `productHeaderBytes` too, and its headers' weight unpadded. */
  async function floorPathFor(bytes: number, productHeaderBytes: number): Promise<{ path: string; ownHeaderBytes: number }> {
    const ownHeaderBytes = headerBytes((await httpRequest(floor.baseUrl, { path: floor.pathFor(bytes) })).headers);
    const padding = Math.max(0, productHeaderBytes - ownHeaderBytes - PADDING_HEADER_BYTES);
    return { path: floor.pathFor(bytes, padding), ownHeaderBytes };
  }

  async function floorRun(path: string, amount: number, headers: Record<string, string> = {}, expectStatus?: number) {
    return load.measure({
      baseUrl: floor.baseUrl,
      connections,
      amount,
      requests: [{ path, headers }],
      expectStatus,
      cpuOf: floor.pid,
    });
  }

  async function conditionalRead(read: ReadUnderLoad, floorPath: string, sampled: readonly Sampled[]): Promise<BenchRow> {
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
    const product = await load.measure({
      baseUrl,
      connections,
      amount: read.amount,
      requests,
      expectStatus: 304,
      cpuOf: productPid,
    });
    const floorEtag = (await httpRequest(floor.baseUrl, { path: floorPath })).headers.get('etag')!;
    const floorAnswer = await floorRun(floorPath, read.amount, { 'if-none-match': floorEtag }, 304);
    return {
      ...ratioRow(request, connections, product, floorAnswer.requestsPerSecond, CONDITIONAL_TARGET),
      note: cpuNote(product, floorAnswer),
    };
  }

  return {
    async measure(read) {
      console.log(`  ${read.label} (${loadAverageText()})`);
      const { bytes, headerBytes: productHeaderBytes, sampled } = await sample(read.requests);
      const { path: floorPath, ownHeaderBytes } = await floorPathFor(bytes, productHeaderBytes);
      const product = await load.measure({ baseUrl, connections, amount: read.amount, requests: read.requests, cpuOf: productPid });
      const floorAnswer = await floorRun(floorPath, read.amount);
      const headersNote = `headers ${Math.round(productHeaderBytes)} B, the floor's ${ownHeaderBytes} B padded to as many`;
      const rows: BenchRow[] = [
        {
          ...ratioRow(read.label, connections, product, floorAnswer.requestsPerSecond, read.target),
          note: `${Math.round(bytes)} B; ${headersNote}; ${cpuNote(product, floorAnswer)}`,
        },
      ];
      if (read.target !== null) rows.push(await conditionalRead(read, floorPath, sampled));
      for (const row of rows) emitRow(row);
      return rows;
    },
    close() {
      load.close();
      floor.stop();
    },
  };
}
