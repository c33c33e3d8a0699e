import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MappedStatsReport } from '../ingest/stats/mapped-report.js';
import { PollClock } from '../model/poll-clock.js';
import { pickNumbers } from '../model/sampled-report.js';
import { SeriesCache } from '../model/series-cache.js';
import { type StatsReport, StatsStore } from '../model/stats-report.js';
import { RowStatsReport } from '../model/stats-rows.js';
import { boundedStats } from './bounded-stats.js';

/** Reports of one connection polled every second for `polls` polls; the remote one every 5 s at its own times. */
function connection(polls: number): StatsStore {
  const clock = new PollClock();
  const cache = new SeriesCache();
  const outbound = new RowStatsReport('out', 'outbound-rtp', clock, cache);
  const inbound = new RowStatsReport('in', 'inbound-rtp', clock, cache);
  const remote = new RowStatsReport('remote', 'remote-inbound-rtp', clock, cache);
  // Appended as deltas of one object, as delta-compressed dumps are: unchanged values carry.
  const delta = new RowStatsReport('delta', 'media-source', clock, cache);
  const merged: Record<string, unknown> = {};
  for (let i = 0; i < polls; i++) {
    const t = 1_000_000 + i * 1000;
    const changed = i % 11 === 0 ? { frames: i, level: i % 3 } : i % 4 === 0 ? { frames: i } : {};
    Object.assign(merged, changed);
    delta.append(t, merged, i === 0 ? undefined : changed);
    outbound.append(t, {
      packetsSent: i * 50,
      bytesSent: String(i * 50_000),
      codecId: i < polls / 2 ? 'a' : 'b',
    });
    // Absent in some polls: its columns have gaps and its times several stretches.
    if (i % 7 !== 3)
      inbound.append(t, { packetsReceived: i * 48, jitter: (i % 13) / 1000, ...(i % 5 ? { x: 1 } : {}) });
    if (i % 5 === 0) remote.append(t + 321, { roundTripTime: (i % 9) / 100 });
  }
  const store = new StatsStore();
  for (const r of [outbound, inbound, remote, delta]) store.set(r);
  return store;
}

/** Every attribute of a report read through numbers() and values(). */
function readAll(r: StatsReport): unknown {
  const attributes = [...r.attributes()];
  return {
    t: Array.from(r.timestamps),
    numbers: attributes.map((a) => Array.from(r.numbers(a) ?? [])),
    values: attributes.map((a) => Array.from(r.values(a) ?? [])),
    first: attributes.map((a) => r.first(a)),
    last: attributes.map((a) => r.last(a)),
  };
}

/** The same report read whole, then picked at the samples a sampled one kept. */
function picked(full: StatsReport, keep: Int32Array): unknown {
  const attributes = [...full.attributes()];
  const pick = (a: ArrayLike<unknown>) => Array.from(keep, (i) => a[i]);
  return {
    t: Array.from(pickNumbers(full.timestamps, keep)),
    numbers: attributes.map((a) => Array.from(pickNumbers(full.numbers(a) ?? [], keep))),
    values: attributes.map((a) => pick(full.values(a) ?? [])),
    first: attributes.map((a) => full.first(a)),
    last: attributes.map((a) => full.last(a)),
  };
}

/** The indices a sampled report kept, found from its times (unique in these reports). */
const keptIndices = (full: StatsReport, sampled: StatsReport): Int32Array => {
  const t = Array.from(full.timestamps);
  return Int32Array.from(Array.from(sampled.timestamps, (x) => t.indexOf(x)));
};

describe('boundedStats', () => {
  it('leaves a connection within the bound alone', () => {
    expect(boundedStats(connection(100), 100)).toBeUndefined();
  });

  it('keeps at most about the bound per report, the first sample of each time bucket and the last', () => {
    const store = connection(10_000);
    const bounded = boundedStats(store, 500)!;
    expect(bounded.samples).toBe(10_000);
    // The span of all its reports, over the bound.
    expect(bounded.bucketMs).toBe(9_999_000 / 500);
    for (const full of store.all()) {
      const sampled = bounded.stats.get(full.id)!;
      expect(sampled.type).toBe(full.type);
      expect(sampled.size).toBeLessThanOrEqual(502);
      const t = Array.from(sampled.timestamps);
      expect(t[0]).toBe(full.timestamps[0]);
      expect(t.at(-1)).toBe(full.timestamps[full.size - 1]);
      expect(t).toEqual([...t].sort((a, b) => a - b));
    }
    // Reports polled together keep the same polls: series read by index stay aligned.
    const out = Array.from(bounded.stats.get('out')!.timestamps);
    const inbound = new Set(Array.from(bounded.stats.get('in')!.timestamps));
    expect(out.filter((x) => inbound.has(x)).length).toBeGreaterThan(out.length * 0.8);
  });

  it('reads each kept sample as the whole report has it, totals (last values) exact', () => {
    const store = connection(3_000);
    const bounded = boundedStats(store, 200)!;
    for (const full of store.all()) {
      const sampled = bounded.stats.get(full.id)!;
      expect(readAll(sampled)).toEqual(picked(full, keptIndices(full, sampled)));
    }
  });

  it('reads mapped reports (renamed, scaled, derived, constant) at the kept samples too', () => {
    const store = connection(3_000);
    const base = store.get('out')!;
    const mapped = new MappedStatsReport('m', 'outbound-rtp', base, {
      bytes: { from: 'bytesSent' },
      kilobytes: { from: 'bytesSent', scale: 0.001 },
      positive: { from: 'packetsSent', min: 1 },
      codec: { from: 'codecId', map: (v) => `codec-${v}` },
      doubled: { derive: (r) => Array.from(r.numbers('packetsSent')!, (v) => v * 2) },
      fixed: { constant: 7 },
    });
    const one = new StatsStore();
    one.set(mapped);
    const sampled = boundedStats(one, 100)!.stats.get('m')!;
    expect(readAll(sampled)).toEqual(picked(mapped, keptIndices(mapped, sampled)));
  });

  it('falls back to buckets by index when every sample has the same time', () => {
    const r = new RowStatsReport('r', 'inbound-rtp');
    for (let i = 0; i < 1_000; i++) r.append(5, { packetsReceived: i });
    const store = new StatsStore();
    store.set(r);
    const sampled = boundedStats(store, 100)!.stats.get('r')!;
    const packets = Array.from(sampled.numbers('packetsReceived')!);
    expect(packets.length).toBeLessThanOrEqual(102);
    expect(packets[0]).toBe(0);
    expect(packets.at(-1)).toBe(999);
  });

  it('keeps evenly spaced samples of a report whose times go back, over its whole length', () => {
    // Rounds of the same report times, as a dump whose reports carry their own repeating clock.
    const r = new RowStatsReport('r', 'inbound-rtp');
    for (let i = 0; i < 1_000; i++) r.append(1_000 + (i % 250) * 10, { packetsReceived: i });
    const store = new StatsStore();
    store.set(r);
    const bounded = boundedStats(store, 100)!;
    expect(bounded.bucketMs).toBeUndefined();
    const packets = Array.from(bounded.stats.get('r')!.numbers('packetsReceived')!);
    expect(packets.length).toBeGreaterThanOrEqual(100);
    expect(packets.length).toBeLessThanOrEqual(102);
    // Every round is represented, not the first one only.
    for (let round = 0; round < 4; round++)
      expect(packets.filter((p) => p >= round * 250 && p < (round + 1) * 250).length).toBeGreaterThanOrEqual(
        20,
      );
  });

  it('keeps any report within the bound plus two and in order (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 5_000 }), { minLength: 2, maxLength: 400 }),
        fc.integer({ min: 1, max: 50 }),
        (gaps, bound) => {
          const r = new RowStatsReport('r', 'inbound-rtp');
          let t = 0;
          gaps.forEach((g, i) => {
            t += g;
            r.append(t, { n: i });
          });
          const store = new StatsStore();
          store.set(r);
          const bounded = boundedStats(store, bound);
          if (gaps.length <= bound) return bounded === undefined;
          const n = Array.from(bounded!.stats.get('r')!.numbers('n')!);
          return (
            n.length <= bound + 2 &&
            n[0] === 0 &&
            n.at(-1) === gaps.length - 1 &&
            n.every((v, i) => i === 0 || v > n[i - 1]!)
          );
        },
      ),
    );
  });
});
