/**
 * Hostile input over real HTTP: gzip bombs, 10 000 chunks for one fileId, path characters in fileId
 * and fileName, oversized headers, slow-loris headers and bodies, and JSON bodies with a million
 * keys. Each is refused with its documented status (or cut off), without a 5xx, without stalling
 * the event loop past a bound, and the service answers normally afterwards.
 */
import { existsSync, readdirSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chunkRequest,
  dump,
  json,
  newFileId,
  raw,
  remainingCredits,
  sendChunks,
  split,
} from '../../test/support/api-requests.js';
import { expectError, expectOk, read } from '../../test/support/api-schemas.js';
import { memoryNow, recordFigure, scaled } from '../../test/support/reliability.js';
import {
  NO_WINDOW_BOUNDARY_MS,
  startService,
  type TestAccount,
  type TestService,
} from '../../test/support/service.js';
import type { AnalyzeResponse, UploadResponse } from '../model/api/resources.js';

const KiB = 1024;
const MiB = 1024 * KiB;
const SMALL = 'rtcstats/rtcstats-gumonly.jsonl';
const REQUEST_TIMEOUT_MS = 2_000;
const DECOMPRESSED_CAP = 8 * MiB;
const ONE_BYTE = new Uint8Array([0x7b]);

/** Sends raw bytes on a new connection; resolves with what came back once the server closed it. */
function rawExchange(
  url: string,
  write: (socket: Socket) => Promise<void> | void,
  timeoutMs = 15_000,
): Promise<{ text: string; closedAfterMs: number }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const socket = connect(Number(port), hostname);
    let text = '';
    const timer = setTimeout(() => {
      socket.destroy();
      reject(
        new Error(`the server did not close the connection within ${timeoutMs} ms: ${text.slice(0, 200)}`),
      );
    }, timeoutMs);
    socket.on('data', (d) => (text += d.toString('latin1')));
    socket.on('error', () => {});
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ text, closedAfterMs: performance.now() - started });
    });
    socket.on('connect', () => {
      Promise.resolve(write(socket)).catch(() => {});
    });
  });
}

/** The status and JSON body of a raw HTTP/1.1 answer. */
function parseRaw(text: string): { status: number; body: unknown } {
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1]);
  const body = text.slice(text.indexOf('\r\n\r\n') + 4);
  return { status, body: body ? JSON.parse(body) : undefined };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('hostile input', () => {
  let service: TestService;
  let account: TestAccount;
  const delay = monitorEventLoopDelay({ resolution: 10 });

  beforeAll(async () => {
    service = await startService({
      CALLSCOPE_WORKERS: '1',
      CALLSCOPE_REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
      CALLSCOPE_MAX_DECOMPRESSED_BYTES: String(DECOMPRESSED_CAP),
      CALLSCOPE_MAX_CHUNK_BYTES: String(16 * KiB),
      CALLSCOPE_MAX_FILE_BYTES_DEVELOPER: String(64 * KiB),
      CALLSCOPE_RATE_INGEST: '100000',
      CALLSCOPE_RATE_READS: '100000',
    });
    account = await service.account({ credits: 100 });
  });
  afterAll(async () => {
    if (service) {
      const text = await service.ctx.metrics.registry.metrics();
      expect(text).not.toMatch(/status="5\d\d"[^\n]*\} [1-9]/);
      // What the hostile inputs of this file cost the analysis workers, by outcome.
      const byOutcome = new Map<string, number>();
      for (const { labels, value } of (await service.ctx.metrics.workerSeconds.get()).values)
        byOutcome.set(String(labels.outcome), (byOutcome.get(String(labels.outcome)) ?? 0) + value);
      recordFigure(
        '5 hostile: all cases',
        'worker-seconds used, by outcome',
        [...byOutcome].map(([outcome, seconds]) => `${outcome} ${seconds.toFixed(2)}`).join(', ') || 'none',
      );
    }
    await service?.close();
  });

  /**
   * Longest event-loop stall a hostile burst may cause. Not a speed target (the figure is recorded
   * for the report): a guard against work that holds the loop for the whole burst, which takes tens
   * of seconds. A linear path stalled 1.4 s on a 2-core machine at load 12, so the bound sits far
   * above that.
   */
  const STALL_BOUND_MS = 10_000;

  /** Measures the longest event-loop stall (ms) while `work` runs. */
  async function stallDuring<T>(work: () => Promise<T>): Promise<{ result: T; stallMs: number }> {
    delay.reset();
    delay.enable();
    try {
      const result = await work();
      return { result, stallMs: delay.max / 1e6 };
    } finally {
      delay.disable();
    }
  }

  describe('gzip bombs', () => {
    // 64 MiB of one byte compress to ~64 KiB: far over the 8 MiB cap once gunzipped.
    const bomb = gzipSync(
      Buffer.concat([
        Buffer.from('{"getUserMedia":[],"PeerConnections":{"x":"'),
        Buffer.alloc(64 * MiB, 0x41),
      ]),
      {
        level: 9,
      },
    );
    // A bomb inside a bomb: the outer layer is small, the inner one is the same bomb.
    const nested = gzipSync(bomb, { level: 9 });

    it('answers 413 file_too_large on every ingest route, raw and chunked, spending nothing', async () => {
      expect(bomb.length).toBeLessThan(DECOMPRESSED_CAP / 8);
      const before = memoryNow();
      const { stallMs } = await stallDuring(async () => {
        for (const path of [
          '/v1.0/analyze',
          '/v1.0/analyze?save=true',
          '/v1.0/enrich',
          '/api/callscope/v1.0/analyze',
        ])
          await expectError(account.fetch(path, raw(bomb)), 413, 'file_too_large');
        // Uploads refuse an unreadable file with 400 (upload documents no 415), a bomb still with 413.
        await expectError(account.fetch('/v1.0/upload?fileName=b.gz', raw(bomb)), 413, 'file_too_large');
        const big = await service.account({ credits: 5, plan: 'enterprise' });
        const fileId = newFileId();
        await sendChunks(big, '/v1.0/analyze', fileId, split(bomb, Math.ceil(bomb.length / (15 * KiB))));
        await expectError(
          big.fetch('/v1.0/analyze', json({ fileId, assemble: true })),
          413,
          'file_too_large',
        );
      });
      const after = memoryNow();
      // Nested gzip is read as the bytes of the inner gzip, which is no dump: refused, not expanded.
      const answer = await read(await account.fetch('/v1.0/analyze', raw(nested)));
      expect([413, 415]).toContain(answer.status);
      expect(await remainingCredits(account)).toBe(100);
      expect(stallMs).toBeLessThan(STALL_BOUND_MS);
      recordFigure(
        '5 hostile: gzip bomb',
        'bomb (compressed → expanded)',
        `${(bomb.length / KiB).toFixed(0)} KiB → 64 MiB`,
      );
      recordFigure('5 hostile: gzip bomb', 'answers', '413 file_too_large on 6 routes (raw, chunked, alias)');
      recordFigure('5 hostile: gzip bomb', 'RSS MiB before / after', `${before.rssMiB} / ${after.rssMiB}`);
      recordFigure('5 hostile: gzip bomb', 'longest event-loop stall ms', stallMs.toFixed(0));
    }, 60_000);
  });

  describe('10 000 chunks for one fileId', () => {
    it('caps the chunk index, the total size of the chunks, and their rate', async () => {
      const CHUNKS = scaled('CALLSCOPE_HOSTILE_CHUNKS', 10_000);
      const limited = await startService({
        CALLSCOPE_WORKERS: '1',
        CALLSCOPE_RATE_CHUNKS: '600',
        CALLSCOPE_RATE_WINDOW_MS: NO_WINDOW_BOUNDARY_MS,
        CALLSCOPE_MAX_CHUNK_BYTES: String(16 * KiB),
        CALLSCOPE_MAX_FILE_BYTES_DEVELOPER: String(64 * KiB),
      });
      try {
        const a = await limited.account({ credits: 5 });
        const fileId = newFileId();
        // Index cap: 0..9999 in canonical decimal only.
        for (const index of ['10000', '-1', '01', '1e3', ' 1', '0x1', '99999999999', ''])
          await expectError(
            a.fetch('/v1.0/upload', chunkRequest(fileId, index, dump(SMALL))),
            400,
            'invalid_request',
          );
        await expectOk(a.fetch('/v1.0/upload', chunkRequest(fileId, 9999, dump(SMALL))), 'ChunkResponse');
        // Total size cap: the chunks of one file stop at the plan's file limit (64 KiB here).
        const big = newFileId();
        const piece = new Uint8Array(16 * KiB).fill(0x20);
        for (let i = 0; i < 4; i++)
          await expectOk(a.fetch('/v1.0/upload', chunkRequest(big, i, piece)), 'ChunkResponse');
        await expectError(a.fetch('/v1.0/upload', chunkRequest(big, 4, piece)), 413, 'file_too_large');
        // Re-sending an index replaces it: still within the cap.
        await expectOk(a.fetch('/v1.0/upload', chunkRequest(big, 3, piece)), 'ChunkResponse');
        // Rate: 10 000 chunk requests for one fileId, 48 at a time: 600 per window pass, then 429
        // (an enterprise account, whose 2 GiB file limit leaves the rate as the only limit).
        const e = await limited.account({ credits: 5, plan: 'enterprise' });
        const burst = newFileId();
        const statuses = new Map<number, number>();
        const started = performance.now();
        let next = 0;
        const { stallMs } = await stallDuring(() =>
          Promise.all(
            Array.from({ length: 48 }, async () => {
              while (next < CHUNKS) {
                const i = next++;
                const res = await e.fetch('/v1.0/upload', chunkRequest(burst, i % 10_000, ONE_BYTE));
                const answer = await read(res, 'ChunkResponse');
                statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
              }
            }),
          ),
        );
        const seconds = (performance.now() - started) / 1000;
        const passed = statuses.get(200) ?? 0;
        expect(passed + (statuses.get(429) ?? 0)).toBe(CHUNKS);
        expect(passed).toBe(600);
        const rows = await limited.ctx.storage.chunks.totals(e.id, burst);
        expect(rows.count).toBeLessThanOrEqual(passed);
        expect(stallMs).toBeLessThan(STALL_BOUND_MS);
        recordFigure(
          '5 hostile: 10 000 chunks',
          'chunk requests → 200 / 429',
          `${CHUNKS} → ${passed} / ${statuses.get(429) ?? 0}`,
        );
        recordFigure('5 hostile: 10 000 chunks', 'chunk rows kept (index cap 9999)', rows.count);
        recordFigure('5 hostile: 10 000 chunks', 'requests per second', (CHUNKS / seconds).toFixed(0));
        recordFigure(
          '5 hostile: 10 000 chunks',
          'total-size cap',
          '413 at the chunk that passes the plan limit',
        );
        recordFigure('5 hostile: 10 000 chunks', 'longest event-loop stall ms', stallMs.toFixed(0));
      } finally {
        await limited.close();
      }
    }, 300_000);
  });

  describe('path characters in fileId and fileName', () => {
    it('refuses fileIds that are not [A-Za-z0-9_-]{1,128}, on chunks and at assemble', async () => {
      for (const fileId of [
        '../x',
        'a/b',
        '..',
        '.',
        'a\u0000b',
        'é',
        '%2e%2e',
        'a b',
        'x'.repeat(129),
        '',
        'a\\b',
      ]) {
        await expectError(
          account.fetch('/v1.0/upload', chunkRequest(fileId, 0, dump(SMALL))),
          400,
          'invalid_request',
        );
        await expectError(
          account.fetch('/v1.0/upload', json({ fileId, assemble: true, fileName: 'x' })),
          400,
          'invalid_request',
        );
      }
    });

    it('keeps fileName as metadata only: stored as sent, never a path', async () => {
      const names = [
        '../../../../etc/passwd',
        'a/b/c.txt',
        '..\\..\\win.ini',
        'résumé 💥.txt',
        'nul\u0000byte',
        'cr\r\nlf',
      ];
      for (const fileName of names) {
        const fileId = newFileId();
        await sendChunks(account, '/v1.0/upload', fileId, [dump(SMALL)]);
        const up = await expectOk<UploadResponse>(
          account.fetch('/v1.0/upload', json({ fileId, assemble: true, fileName })),
          'UploadResponse',
        );
        const session = await expectOk<AnalyzeResponse>(
          account.fetch(`/v1.0/sessions/${up.body.callscopeId}`),
          'SessionResponse',
        );
        // Stored as sent (a NUL, which no database text can hold, becomes U+FFFD).
        expect(session.body.data.fileName).toBe(fileName.replace('\u0000', '\uFFFD'));
        const file = await account.fetch(`/v1.0/sessions/${up.body.callscopeId}/dump`);
        expect(file.status).toBe(200);
        expect(file.headers.get('content-disposition')).toMatch(
          /^attachment; filename="[\x20-\x7e]*"; filename\*=UTF-8''/,
        );
        expect(Buffer.from(await file.arrayBuffer()).equals(dump(SMALL))).toBe(true);
      }
      // Through the query string as well.
      const q = await expectOk<AnalyzeResponse>(
        account.fetch(`/v1.0/analyze?save=true&fileName=${encodeURIComponent('../../x')}`, raw(dump(SMALL))),
        'AnalyzeResponse',
      );
      expect(q.body.data.fileName).toBe('../../x');
      // Every stored dump is under dumps/<account>/<uuid>, whatever the names said.
      const walk = (dir: string): string[] =>
        readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
          e.isDirectory() ? walk(join(dir, e.name)).map((p) => `${e.name}/${p}`) : [e.name],
        );
      const stored = walk(join(service.ctx.config.dataDir, 'blobs'));
      for (const key of stored.filter((k) => !k.startsWith('chunks/')))
        expect(key).toMatch(
          new RegExp(`^dumps/${account.id}/[0-9a-f-]{36}$|^dumps/[0-9a-f-]{36}/[0-9a-f-]{36}$`),
        );
    });
  });

  describe('oversized headers', () => {
    it('answers 431 headers_too_large for headers over 16 KiB, and keeps serving', async () => {
      for (const headers of [
        `X-Big: ${'a'.repeat(20 * KiB)}\r\n`,
        Array.from({ length: 1_000 }, (_, i) => `X-H${i}: ${'b'.repeat(20)}\r\n`).join(''),
        `Authorization: Bearer ${'c'.repeat(17 * KiB)}\r\n`,
      ]) {
        const { text } = await rawExchange(service.url, (s) => {
          s.write(`GET /v1.0/quota HTTP/1.1\r\nHost: 127.0.0.1\r\n${headers}\r\n`);
        });
        const { status, body } = parseRaw(text);
        expect(status).toBe(431);
        expect(body).toEqual({ error: expect.any(String), errorCode: 'headers_too_large' });
      }
      // Garbage instead of HTTP: 400 in the same shape.
      const garbage = parseRaw(
        (
          await rawExchange(service.url, (s) => {
            s.write('\x16\x03\x01 not http\r\n\r\n');
          })
        ).text,
      );
      expect(garbage).toEqual({
        status: 400,
        body: { error: expect.any(String), errorCode: 'invalid_request' },
      });
      await expectOk(account.fetch('/v1.0/quota'), 'QuotaResponse');
      recordFigure(
        '5 hostile: headers',
        '20 KiB header / 1000 headers / 17 KiB token',
        '431 headers_too_large',
      );
    });
  });

  describe('slow-loris', () => {
    it(`cuts off headers that dribble in, after CALLSCOPE_REQUEST_TIMEOUT_MS (${REQUEST_TIMEOUT_MS} ms)`, async () => {
      let stop = false;
      const { text, closedAfterMs } = await rawExchange(service.url, async (s) => {
        s.write('GET /v1.0/quota HTTP/1.1\r\nHost: 127.0.0.1\r\n');
        for (let i = 0; !stop && i < 200 && !s.destroyed; i++) {
          s.write(`X-Slow-${i}: 1\r\n`);
          await sleep(200);
        }
      });
      stop = true;
      expect(parseRaw(text)).toEqual({
        status: 408,
        body: { error: expect.any(String), errorCode: 'request_timeout' },
      });
      expect(closedAfterMs).toBeGreaterThan(REQUEST_TIMEOUT_MS - 200);
      expect(closedAfterMs).toBeLessThan(REQUEST_TIMEOUT_MS + 2_000);
      recordFigure('5 hostile: slow-loris', 'headers at 5 lines/s: cut after ms', closedAfterMs.toFixed(0));
    }, 30_000);

    it('cuts off a body that dribbles in, spending nothing and leaving no spool file', async () => {
      const credits = await remainingCredits(account);
      let stop = false;
      const { text, closedAfterMs } = await rawExchange(service.url, async (s) => {
        s.write(
          `POST /v1.0/analyze?save=true HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${account.token}\r\n` +
            `Content-Type: application/octet-stream\r\nContent-Length: ${MiB}\r\n\r\n`,
        );
        for (let i = 0; !stop && i < 200 && !s.destroyed; i++) {
          s.write('{"x": 1}\n');
          await sleep(200);
        }
      });
      stop = true;
      expect(closedAfterMs).toBeLessThan(REQUEST_TIMEOUT_MS + 2_000);
      // Node answers 408 when nothing was sent yet; the connection is closed either way.
      if (text) expect(parseRaw(text).status).toBe(408);
      await sleep(200);
      expect(readdirSync(service.ctx.tmpDir)).toEqual([]);
      expect(await remainingCredits(account)).toBe(credits);
      recordFigure('5 hostile: slow-loris', 'body at 50 B/s: cut after ms', closedAfterMs.toFixed(0));
    }, 30_000);

    it('gives back the memory of a body held in memory that dribbles in or is dropped midway', async () => {
      const bodyMemoryMetric = async () => {
        const text = await service.ctx.metrics.registry.getSingleMetricAsString(
          'callscope_body_memory_bytes',
        );
        return Number(/^callscope_body_memory_bytes (\d+)$/m.exec(text)?.[1]);
      };
      const credits = await remainingCredits(account);
      const head = (length: number) =>
        `POST /v1.0/analyze HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${account.token}\r\n` +
        `Content-Type: application/octet-stream\r\nContent-Length: ${length}\r\n\r\n`;
      let stop = false;
      const dribbled = rawExchange(service.url, async (s) => {
        s.write(head(MiB));
        for (let i = 0; !stop && i < 200 && !s.destroyed; i++) {
          s.write('{"x": 1}\n');
          await sleep(200);
        }
      });
      const dropped = rawExchange(service.url, async (s) => {
        s.write(head(4 * MiB));
        s.write(Buffer.alloc(512 * KiB, 0x20));
        await sleep(300);
        expect(service.ctx.spoolMemory!.used).toBeGreaterThanOrEqual(4 * MiB);
        expect(await bodyMemoryMetric()).toBeGreaterThanOrEqual(4 * MiB);
        s.destroy();
      });
      await dropped;
      await dribbled;
      stop = true;
      await sleep(200);
      expect(service.ctx.spoolMemory!.used).toBe(0);
      expect(await bodyMemoryMetric()).toBe(0);
      expect(existsSync(service.ctx.tmpDir) ? readdirSync(service.ctx.tmpDir) : []).toEqual([]);
      expect(await remainingCredits(account)).toBe(credits);
      // And the next body is held in memory and analyzed as usual.
      await expectOk<AnalyzeResponse>(account.fetch('/v1.0/analyze', raw(dump(SMALL))), 'AnalyzeResponse');
      expect(service.ctx.spoolMemory!.used).toBe(0);
    }, 30_000);
  });

  describe('JSON bodies with a million keys', () => {
    const million = () => {
      const parts = ['{"fileId":"abc","assemble":true'];
      for (let i = 0; i < 1_000_000; i++) parts.push(`,"k${i}":${i}`);
      return `${parts.join('')}}`;
    };
    const underLimit = (limit: number) => {
      const parts = ['{"title":"t"'];
      let size = 12;
      for (let i = 0; size < limit - 32; i++) {
        const p = `,"k${i}":1`;
        parts.push(p);
        size += p.length;
      }
      return `${parts.join('')}}`;
    };

    it('answers 413 on assemble, PATCH and MCP, and 400 just under the limit, without stalling', async () => {
      const up = await expectOk<AnalyzeResponse>(
        account.fetch('/v1.0/analyze?save=true', raw(dump(SMALL))),
        'AnalyzeResponse',
      );
      const id = up.body.callscopeId!;
      const body = million();
      const { stallMs } = await stallDuring(async () => {
        await expectError(account.fetch('/v1.0/upload', json(body)), 413, 'file_too_large');
        await expectError(account.fetch('/v1.0/analyze', json(body)), 413, 'file_too_large');
        await expectError(account.fetch(`/v1.0/sessions/${id}`, json(body, 'PATCH')), 413, 'file_too_large');
        // Without Content-Length (streamed): cut at the limit as well.
        const stream = new ReadableStream({
          start(c) {
            for (let i = 0; i < body.length; i += 256 * KiB)
              c.enqueue(new TextEncoder().encode(body.slice(i, i + 256 * KiB)));
            c.close();
          },
        });
        await expectError(
          account.fetch(`/v1.0/sessions/${id}`, {
            ...json('', 'PATCH'),
            body: stream,
            duplex: 'half',
          } as RequestInit),
          413,
          'file_too_large',
        );
        // Just under the REST limit: parsed, then refused by validation.
        await expectError(
          account.fetch(`/v1.0/sessions/${id}`, json(underLimit(64 * KiB), 'PATCH')),
          400,
          'invalid_request',
        );
        await expectError(account.fetch('/v1.0/upload', json(underLimit(64 * KiB))), 400, 'invalid_request');
        const mcp = await fetch(`${service.url}/v1.0/mcp`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
          body,
        });
        expect(mcp.status).toBe(413);
        expect(await mcp.json()).toMatchObject({
          jsonrpc: '2.0',
          id: null,
          error: { code: expect.any(Number) },
        });
      });
      expect(stallMs).toBeLessThan(STALL_BOUND_MS);
      const session = await expectOk<AnalyzeResponse>(
        account.fetch(`/v1.0/sessions/${id}`),
        'SessionResponse',
      );
      expect(session.body.data.title).not.toBe('t');
      recordFigure(
        '5 hostile: 1 000 000 JSON keys',
        'assemble / PATCH / MCP',
        '413 (REST limit 64 KiB, MCP 256 KiB)',
      );
      recordFigure('5 hostile: 1 000 000 JSON keys', 'longest event-loop stall ms', stallMs.toFixed(0));
    }, 60_000);

    it('bounds the stall of the largest MCP body the endpoint accepts', async () => {
      const { stallMs } = await stallDuring(async () => {
        const res = await fetch(`${service.url}/v1.0/mcp`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
          body: underLimit(256 * KiB - 1024),
        });
        expect(res.status).toBeLessThan(500);
        await res.arrayBuffer();
      });
      expect(stallMs).toBeLessThan(STALL_BOUND_MS);
      recordFigure(
        '5 hostile: 1 000 000 JSON keys',
        'MCP body at its limit: longest stall ms',
        stallMs.toFixed(0),
      );
    });
  });
});
