/**
 * Sustained load on loopback: analyses, session lists and MCP tool calls at once, for a bounded
 * time (CALLSCOPE_LOAD_SECONDS, 8 s in CI). No request may fail; p50/p99 latencies are reported per
 * kind; memory after garbage collection is read at the start, middle and end of the run and must
 * not keep growing.
 */
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dump, raw } from '../../test/support/api-requests.js';
import { expectOk } from '../../test/support/api-schemas.js';
import {
  type MemoryReading,
  memoryNow,
  percentile,
  recordFigure,
  scaled,
} from '../../test/support/reliability.js';
import { startService, type TestAccount, type TestService } from '../../test/support/service.js';

const SECONDS = scaled('CALLSCOPE_LOAD_SECONDS', 8);
const DUMP = dump('chromium156/ice-fail/webrtc_internals_dump.txt'); // 102 kB

type Kind = 'analyze' | 'list' | 'get' | 'mcp';

describe(`sustained load for ${SECONDS} s`, () => {
  let service: TestService;
  let account: TestAccount;
  let sessionIds: string[];

  beforeAll(async () => {
    service = await startService({
      CALLSCOPE_WORKERS: '2',
      // One account sends every request: let it use both workers, as one client of its own would.
      CALLSCOPE_ACCOUNT_ANALYSES: '1000',
      CALLSCOPE_RATE_INGEST: '1000000',
      CALLSCOPE_RATE_READS: '1000000',
    });
    account = await service.account({ credits: 1_000_000 });
    sessionIds = [];
    for (let i = 0; i < 20; i++) {
      const res = await expectOk<{ callscopeId: string }>(
        account.fetch('/v1.0/analyze?save=true', raw(DUMP)),
        'AnalyzeResponse',
      );
      sessionIds.push(res.body.callscopeId);
    }
  }, 120_000);
  afterAll(async () => service?.close());

  it('answers analyze, list, get and MCP traffic without an error, in flat memory', async () => {
    const latencies: Record<Kind, number[]> = { analyze: [], list: [], get: [], mcp: [] };
    const failures: string[] = [];
    const clients: Client[] = [];
    for (let i = 0; i < 2; i++) {
      const transport = new StreamableHTTPClientTransport(new URL(`${service.url}/v1.0/mcp`), {
        requestInit: { headers: { authorization: `Bearer ${account.token}` } },
      });
      const client = new Client({ name: 'load', version: '1.0' }, { versionNegotiation: { mode: 'auto' } });
      await client.connect(transport);
      clients.push(client);
    }
    const timed = async (kind: Kind, work: () => Promise<boolean | string>) => {
      const started = performance.now();
      const outcome = await work().catch((error: Error) => error.message);
      latencies[kind].push(performance.now() - started);
      if (outcome !== true) failures.push(`${kind}: ${outcome}`);
    };
    const ok = async (res: Response) => {
      await res.arrayBuffer();
      return res.status === 200 || `status ${res.status}`;
    };
    const operations: Record<Kind, (i: number) => Promise<boolean | string>> = {
      analyze: async () => ok(await account.fetch('/v1.0/analyze', raw(DUMP))),
      list: async (i) =>
        ok(await account.fetch(`/v1.0/sessions?limit=20&page=${1 + (i % 2)}&hasHigh=${i % 3 === 0}`)),
      get: async (i) => ok(await account.fetch(`/v1.0/sessions/${sessionIds[i % sessionIds.length]}`)),
      mcp: async (i) => {
        const client = clients[i % clients.length]!;
        const result =
          i % 2 === 0
            ? await client.callTool({ name: 'list_sessions', arguments: { limit: 10 } })
            : await client.callTool({ name: 'get_quota', arguments: {} });
        return result.isError ? `isError ${JSON.stringify(result.content).slice(0, 200)}` : true;
      },
    };
    const loops: [Kind, number][] = [
      ['analyze', 2],
      ['list', 3],
      ['get', 2],
      ['mcp', 2],
    ];
    // Warm-up (serializers compile on first use), then the readings start.
    for (const [kind] of loops) await operations[kind](0);
    const memory: MemoryReading[] = [memoryNow()];
    const end = Date.now() + SECONDS * 1000;
    const middle = setTimeout(() => memory.push(memoryNow()), (SECONDS * 1000) / 2);
    await Promise.all(
      loops.flatMap(([kind, concurrency]) =>
        Array.from({ length: concurrency }, async (_, n) => {
          for (let i = n; Date.now() < end; i += concurrency) await timed(kind, () => operations[kind](i));
        }),
      ),
    );
    clearTimeout(middle);
    memory.push(memoryNow());
    for (const c of clients) await c.close();

    expect(failures.slice(0, 5)).toEqual([]);
    const total = Object.values(latencies).reduce((n, l) => n + l.length, 0);
    for (const kind of Object.keys(latencies) as Kind[]) expect(latencies[kind].length).toBeGreaterThan(0);
    const [start, mid, last] = [memory[0]!, memory[1] ?? memory[0]!, memory.at(-1)!];
    // Flat: the second half of the run adds no more than noise to the heap after collection.
    expect(last.heapMiB - mid.heapMiB).toBeLessThan(24);
    const section = '6 load';
    recordFigure(
      section,
      'duration s / requests / error rate',
      `${SECONDS} / ${total} / ${(failures.length / total) * 100} %`,
    );
    for (const kind of Object.keys(latencies) as Kind[]) {
      const l = latencies[kind];
      recordFigure(
        section,
        `${kind}: count, rps, p50 / p99 ms`,
        `${l.length}, ${(l.length / SECONDS).toFixed(1)}, ${percentile(l, 50).toFixed(1)} / ${percentile(l, 99).toFixed(1)}`,
      );
    }
    recordFigure(
      section,
      'heap MiB after GC start / middle / end',
      `${start.heapMiB} / ${mid.heapMiB} / ${last.heapMiB}`,
    );
    recordFigure(
      section,
      'RSS MiB after GC start / middle / end',
      `${start.rssMiB} / ${mid.rssMiB} / ${last.rssMiB}`,
    );
  }, 600_000);
});
