import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { RAW_LIMITS } from '../../model/api/raw-stats.js';
import { downsample, rateOf } from './downsample.js';
import { rawEvents } from './events.js';
import { rawStatsIndex } from './index.js';
import { MissingSeriesError, rawStatsSeries } from './series.js';
import { rawStats } from './task.js';

const fixture = (path: string) => fileURLToPath(new URL(`../../../test/fixtures/${path}`, import.meta.url));
const CALL = 'chromium156/renegotiation';
/** One real dump per reader: webrtc-internals, Chromium's rtcstats (v3), rtcstats npm (v2), jitsi. */
const DUMPS = [
  ['webrtc-internals', fixture(`${CALL}/webrtc_internals_dump.txt`), '8-1', true],
  ['chrome-rtcstats', fixture(`${CALL}/chromium_rtcstats_dump.gz`), '8-1', true],
  ['rtcstats-legacy', fixture(`${CALL}/rtcstats_dump.caller.txt`), 'PC_0', true],
  // jitsi's client strips the SDP from what it sends: its descriptions have none to show.
  ['jitsi-rtcstats', fixture('jitsi/chrome-standard-multiple-p2p'), 'PC_3', false],
] as const;
const options = { maxDecompressedBytes: 1 << 30 };

describe('raw stats explorer extraction', () => {
  describe.each(DUMPS)('%s', (format, path, pc, withSdp) => {
    it('indexes every connection, report and attribute', async () => {
      const index = await rawStatsIndex(path, options);
      expect(index.format).toBe(format);
      const connection = index.connections.find((c) => c.id === pc)!;
      expect(connection.events).toBeGreaterThan(10);
      const inbound = connection.reports.find((r) => r.type === 'inbound-rtp')!;
      expect(inbound.samples).toBeGreaterThan(10);
      expect(inbound.start).toBeLessThan(inbound.end!);
      const byName = new Map(inbound.attributes.map((a) => [a.name, a]));
      expect(byName.get('bytesReceived')).toMatchObject({ numeric: true });
      expect(byName.get('kind')).toMatchObject({ numeric: false });
      // Reports sorted by type, then id, so the tree reads the same for every load.
      const types = connection.reports.map((r) => r.type);
      expect(types).toEqual([...types].sort());
    });

    it('serves a value and a rate, downsampled to the bound', async () => {
      const index = await rawStatsIndex(path, options);
      const inbound = index.connections
        .find((c) => c.id === pc)!
        .reports.find((r) => r.type === 'inbound-rtp')!;
      const ask = { connection: pc, report: inbound.id, attribute: 'bytesReceived' };
      const [value, rate, small] = await rawStatsSeries(
        path,
        [
          { ...ask, kind: 'value' },
          { ...ask, kind: 'rate' },
          { ...ask, kind: 'value' },
        ],
        RAW_LIMITS.maxPoints,
        options,
      );
      expect(value!.t).toHaveLength(inbound.samples);
      expect(value!.samples).toBe(inbound.samples);
      const counted = value!.v.filter((v): v is number => v !== null);
      // A counter never falls, and its rate is never negative.
      expect(counted.every((v, i) => i === 0 || v >= counted[i - 1]!)).toBe(true);
      expect(rate!.v.some((v) => v !== null && v > 0)).toBe(true);
      expect(rate!.v.every((v) => v === null || v >= 0)).toBe(true);
      expect(small).toEqual(value);
      const [cut] = await rawStatsSeries(path, [{ ...ask, kind: 'value' }], 10, options);
      expect(cut!.t.length).toBeLessThanOrEqual(10);
      expect(Math.max(...cut!.v.map((v) => v ?? 0))).toBe(Math.max(...counted));
    });

    it('pages the event log and gives descriptions with their SDP', async () => {
      const all = await rawEvents(path, { offset: 0, limit: RAW_LIMITS.maxEvents }, options);
      expect(all.events.length).toBe(Math.min(all.total, RAW_LIMITS.maxEvents));
      const page = await rawEvents(path, { offset: 3, limit: 5 }, options);
      expect(page.events.map((e) => e.index)).toEqual([3, 4, 5, 6, 7]);
      expect(page.events).toEqual(all.events.slice(3, 8));
      expect(page.nextOffset).toBe(8);
      const sdp = await rawEvents(path, { connection: pc, only: 'sdp', offset: 0, limit: 50 }, options);
      if (!withSdp) {
        expect(sdp.total).toBe(0);
        return;
      }
      expect(sdp.total).toBeGreaterThanOrEqual(2);
      for (const e of sdp.events) {
        expect(e.connection).toBe(pc);
        expect(e.sdp).toMatch(/^v=0\r?\n/);
        expect(e.value).not.toContain('a=');
      }
      expect(sdp.events.map((e) => e.sdpType)).toContain('offer');
    });
  });

  it('names the series a dump does not have', async () => {
    const [, path] = DUMPS[0];
    const ask = { connection: '8-1', report: 'nope', attribute: 'bytesReceived', kind: 'value' } as const;
    await expect(rawStatsSeries(path, [ask], 100, options)).rejects.toThrow(MissingSeriesError);
    expect(await rawStats({ path, ...options, kind: 'series', series: [ask], maxPoints: 100 })).toMatchObject(
      {
        ok: false,
        kind: 'missing',
      },
    );
  });

  it('refuses what is not a dump as the analysis does', async () => {
    const path = fileURLToPath(import.meta.url);
    const result = await rawStats({ path, ...options, kind: 'index' });
    expect(result).toMatchObject({ ok: false, kind: expect.stringMatching(/^(unsupported|unreadable)$/) });
  });
});

describe('rate and downsampling', () => {
  it('takes the change per second and leaves resets and gaps empty', () => {
    const rate = rateOf({ t: [0, 1000, 3000, 4000, 5000, 5000], v: [0, 10, 30, null, 5, 9] });
    expect(rate.v).toEqual([null, 10, 10, null, null, null]);
  });

  it('keeps the lowest and highest value of each bucket in time order', () => {
    const t = Array.from({ length: 100 }, (_, i) => i * 1000);
    const v: (number | null)[] = t.map((_, i) => (i === 37 ? 500 : i === 80 ? -5 : i % 3));
    for (let i = 50; i < 60; i++) v[i] = null;
    const out = downsample({ t, v }, 20);
    expect(out.t.length).toBeLessThanOrEqual(20);
    expect(out.v).toContain(500);
    expect(out.v).toContain(-5);
    expect(out.v).toContain(null);
    expect(out.t).toEqual([...out.t].sort((a, b) => a - b));
    expect(downsample({ t, v }, 100)).toEqual({ t, v });
  });
});
