import { readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { analyzeDump, type DumpError, isDumpError } from '../src/index.js';
import { carryBomb } from './support/carry-bomb.js';
import { fixture } from './support/fixtures.js';

const internals = readFileSync(fixture('chromium156', 'clean', 'webrtc_internals_dump.txt'));

async function refusal(
  input: Parameters<typeof analyzeDump>[0],
  options?: Parameters<typeof analyzeDump>[1],
): Promise<DumpError> {
  const result = await analyzeDump(input, options).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(isDumpError(result), `expected a DumpError, got ${String(result)}`).toBe(true);
  return result as DumpError;
}

/** Every number in a payload is finite (NaN/Infinity never leak into JSON). */
function allFinite(value: unknown): boolean {
  if (typeof value === 'number') return Number.isFinite(value);
  if (Array.isArray(value)) return value.every(allFinite);
  if (value && typeof value === 'object') return Object.values(value).every(allFinite);
  return true;
}

/** A minimal M144-style internals dump with `n` connections and the given stats values. */
function tinyInternals(n: number, values = '[1,2,3]'): string {
  const pcs: Record<string, unknown> = {};
  for (let i = 0; i < n; i++) {
    pcs[`1-${i}`] = {
      pid: 1,
      url: 'https://app.example/room',
      rtcConfiguration: '{}',
      updateLog: [{ type: 'onconnectionstatechange', value: '"connected"', timestamp: 1700000000000 + i }],
      stats: {
        'T01-timestamp': {
          startTime: '2023-11-14T22:13:20.000Z',
          endTime: '2023-11-14T22:13:22.000Z',
          statsType: 'transport',
          values: '[1700000000000,1700000001000,1700000002000]',
        },
        'T01-bytesSent': {
          startTime: '2023-11-14T22:13:20.000Z',
          endTime: '2023-11-14T22:13:22.000Z',
          statsType: 'transport',
          values,
        },
      },
    };
  }
  return JSON.stringify(
    { getUserMedia: [], PeerConnections: pcs, UserAgent: 'Mozilla/5.0 Chrome/144.0.0.0' },
    null,
    1,
  );
}

describe('bad input', () => {
  it('refuses an empty file', async () => {
    const e = await refusal(Buffer.alloc(0));
    expect(e.kind).toBe('unreadable');
    expect(e.message).toMatch(/empty/);
  });

  it('refuses whitespace', async () => {
    expect((await refusal(Buffer.from('  \n\n '))).message).toMatch(/whitespace/);
  });

  it('refuses a truncated webrtc-internals dump, saying it is truncated', async () => {
    const e = await refusal(internals.subarray(0, Math.floor(internals.length / 2)));
    expect(e.kind).toBe('unreadable');
    expect(e.message).toMatch(/truncated|ends early/i);
  });

  it('refuses a truncated gzip with a decompression error', async () => {
    const gz = gzipSync(internals);
    const e = await refusal(gz.subarray(0, gz.length - 200));
    expect(e.kind).toBe('compression');
    expect(e.recognized).toBe('gzip');
  });

  it('stops a gzip bomb at the decompressed-size cap', async () => {
    // 64 MiB of "0," compresses to ~64 KiB; the cap is set to 8 MiB for the test.
    const body = Buffer.alloc(64 * 1024 * 1024, '0,');
    const bomb = gzipSync(Buffer.concat([Buffer.from('{"getUserMedia": ['), body]), { level: 9 });
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    const e = await refusal(bomb, { maxDecompressedBytes: 8 * 1024 * 1024 });
    expect(e.kind).toBe('too-large');
    expect(e.message).toMatch(/8 MiB/);
  });

  // Polls that leave every report out carry all of them: 3000 reports × 3000 polls in 0.5 MB would
  // be 9 million samples (seconds and gigabytes as the file grows); the cap stops it at 5 million.
  it.each(['v3', 'v2'] as const)(
    'stops an rtcstats %s dump whose empty polls carry millions of samples',
    async (format) => {
      const bomb = carryBomb(format, 3000, 3000);
      expect(bomb.length).toBeLessThan(500_000);
      const e = await refusal(bomb);
      expect(e.kind).toBe('too-large');
      expect(e.message).toMatch(/expands to more stats samples than this server reads/);
      expect(e.message).toMatch(/5,000,000/);
    },
  );

  it('reads a long quiet call whose polls carry every report but a few', async () => {
    // 40 reports, two of which change, polled 30 000 times: 1.1 million carried samples.
    const result = await analyzeDump(carryBomb('v3', 40, 30_000, 2));
    expect(result.data.streams).toBeDefined();
    expect(Object.keys(result.data.streams ?? {})).toHaveLength(40);
  });

  it('refuses JSON that is not a dump, naming what it found', async () => {
    const e = await refusal(Buffer.from('{"name": "report", "rows": [1, 2, 3]}'));
    expect(e.kind).toBe('unreadable');
    expect(e.message).toMatch(/not a WebRTC dump/);
    expect(e.message).toMatch(/name, rows/);
  });

  it('refuses a JSON array', async () => {
    expect((await refusal(Buffer.from('[\n1,\n2\n]'))).message).toMatch(/array/);
  });

  it('refuses binary data and archives', async () => {
    expect((await refusal(Buffer.from([0x00, 0x01, 0x02, 0x03, 0x04, 0xff, 0x00]))).message).toMatch(
      /binary/,
    );
    const zip = await refusal(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0, 8, 0]));
    expect(zip.kind).toBe('unsupported');
    expect(zip.message).toMatch(/zip/);
    expect((await refusal(Buffer.from('BZh91AY&SY\u0000\u0001'))).message).toMatch(/bzip2/);
  });

  it('refuses plain text that is not a dump', async () => {
    const e = await refusal(Buffer.from('hello, this is a log file\nline 2\n'));
    expect(e.message).toMatch(/starts with "hello/);
  });

  it('survives deep nesting (typed error or result, no stack overflow)', async () => {
    const deep = `{"PeerConnections": {}, "junk": ${'['.repeat(100_000)}${']'.repeat(100_000)}}`;
    const { data } = await analyzeDump(Buffer.from(deep));
    expect(data.pConnectionsNumber).toBe(0);
    const e = await refusal(Buffer.from('['.repeat(100_000)));
    expect(e.kind).toBe('unreadable');
  });

  it('skips stats values that are not JSON and says so', async () => {
    const { data } = await analyzeDump(Buffer.from(tinyInternals(1, 'not json at all')));
    expect(data.pConnectionsNumber).toBe(1);
    expect(data.metadata.warnings.join(' ')).toMatch(/could not be decoded/);
  });

  it('keeps NaN and Infinity out of the payload', async () => {
    const { data } = await analyzeDump(Buffer.from(tinyInternals(1, '[1e400,-1e400,3]')));
    expect(allFinite(data)).toBe(true);
    const e = await refusal(Buffer.from('{"PeerConnections": {"1-1": {"stats": {"T01-x": NaN}}}}'));
    expect(e.kind).toBe('unreadable');
  });

  it('reads a dump with 1000 connections', async () => {
    const { data } = await analyzeDump(Buffer.from(tinyInternals(1000)));
    expect(data.pConnectionsNumber).toBe(1000);
    expect(Object.keys(data.transports)).toHaveLength(1000);
  });

  it('reads duplicated keys deterministically (the last wins)', async () => {
    const dup =
      '{\n "UserAgent": "Mozilla/5.0 Firefox/1.0",\n "UserAgent": "Mozilla/5.0 Chrome/144.0.0.0",\n "PeerConnections": {}\n}';
    const { data } = await analyzeDump(Buffer.from(dup));
    expect(data.userAgentData.browser).toBe('Chrome');
  });

  it('ignores __proto__ keys (no prototype pollution)', async () => {
    const hostile = tinyInternals(1).replace('"pid": 1', '"pid": 1,\n   "__proto__": {"polluted": true}');
    await analyzeDump(Buffer.from(hostile));
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('reads a dump from a stream', async () => {
    const { data } = await analyzeDump(
      Readable.from([internals.subarray(0, 1000), internals.subarray(1000)]),
    );
    expect(data.pConnectionsNumber).toBe(1);
  });

  it('refuses NDJSON whose lines are mostly garbage', async () => {
    const e = await refusal(Buffer.from('["connectionInfo", null, {}, 1]\nnot json\nnot json\nnot json\n'));
    expect(e.message).toMatch(/corrupt/);
  });

  it('skips a cut-off last line of an rtcstats trace and reports it', async () => {
    const trace = readFileSync(fixture('chromium156', 'clean', 'rtcstats_dump.caller.txt'), 'utf8');
    const cut = trace.slice(0, trace.length - 500);
    const { data } = await analyzeDump(Buffer.from(cut));
    expect(data.pConnectionsNumber).toBe(1);
    expect(data.metadata.warnings.join(' ')).toMatch(/cut off/);
  });
});
