import { SampledReport, timestampsAt, timestampsOnce } from '../model/sampled-report.js';
import { SeriesCache } from '../model/series-cache.js';
import { StatsStore } from '../model/stats-report.js';

/**
 * Samples per report that views are built from. A connection whose longest report has more is read
 * at one sample per equal time bucket, at most this many buckets over its stats: 32 768 polls is a
 * call of 9 hours at rtcstats' and webrtc-internals' 1 s poll (Chrome's export keeps 1 000 samples
 * a series, so no webrtc-internals dump reaches it). Views hold about 20 derived series of 8 bytes
 * a sample per stream: with this bound a stream's views stay under about 5 MB whatever the length
 * of the dump, where the 1 GiB jitsi bench dump (245 515 samples in its longest report) built
 * 270 MB of them and peaked at 1.1 GB (about 500 MB bounded). Detectors and charts see such a call
 * at a coarser grain instead; totals, first and last values stay exact.
 */
export const MAX_VIEW_SAMPLES = 32_768;

export interface BoundedStats {
  stats: StatsStore;
  /**
   * Width of the time buckets, ms; undefined when the longest report's times were out of order
   * and it kept evenly spaced samples instead.
   */
  bucketMs: number | undefined;
  /** Samples of the longest report, before. */
  samples: number;
}

/**
 * The connection's reports at no more than about `maxSamples` samples each, or undefined when none
 * has more. Every report keeps the first sample of each time bucket and its last sample, so reports
 * polled together keep the same samples (series aligned by index stay aligned).
 */
export function boundedStats(stats: StatsStore, maxSamples = MAX_VIEW_SAMPLES): BoundedStats | undefined {
  let samples = 0;
  for (const r of stats.all()) if (r.size > samples) samples = r.size;
  if (samples <= maxSamples) return undefined;
  let first = Number.POSITIVE_INFINITY;
  let last = Number.NEGATIVE_INFINITY;
  for (const r of stats.all()) {
    const n = r.size;
    if (n === 0) continue;
    const ends = timestampsAt(r, Int32Array.of(0, n - 1));
    if (ends[0]! < first) first = ends[0]!;
    if (ends[1]! > last) last = ends[1]!;
  }
  const bucketMs = (last - first) / maxSamples;
  const out = new StatsStore();
  const cache = new SeriesCache();
  let byTime = true;
  // Reports polled together keep the same indices: one array for them all (a connection of the
  // 1 GiB bench dump kept 100 copies of 128 KB).
  const shared = new Map<number, Int32Array[]>();
  // Times read once each (timestampsOnce): the reports would otherwise keep their whole arrays.
  for (const r of stats.all()) {
    const t = timestampsOnce(r);
    const keep = kept(t, r.size, first, bucketMs, maxSamples);
    if (r.size === samples) byTime &&= keep.byTime;
    out.set(new SampledReport(r, sharedIndices(shared, keep.indices), cache));
  }
  return { stats: out, bucketMs: byTime ? bucketMs : undefined, samples };
}

/** `indices`, or an equal array met before (compared in full: equal lengths rarely mean equal contents). */
function sharedIndices(shared: Map<number, Int32Array[]>, indices: Int32Array): Int32Array {
  const same = shared.get(indices.length);
  if (!same) {
    shared.set(indices.length, [indices]);
    return indices;
  }
  for (const other of same) if (equalIndices(other, indices)) return other;
  // A few distinct arrays of a length at most: a report of its own times is compared, not kept.
  if (same.length < 4) same.push(indices);
  return indices;
}

function equalIndices(a: Int32Array, b: Int32Array): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * Sample indices to keep: the first of each time bucket, and the last one. Times out of order (a
 * clock that jumped back, reports whose own times repeat) or all equal would leave whole stretches
 * in buckets already passed: such a report keeps evenly spaced samples by index instead.
 */
function kept(
  t: ArrayLike<number>,
  n: number,
  origin: number,
  bucketMs: number,
  maxSamples: number,
): { indices: Int32Array; byTime: boolean } {
  const keep = new Int32Array(Math.min(n, maxSamples + 2));
  let count = 0;
  const byTime = bucketMs > 0 && Number.isFinite(bucketMs) && inOrder(t, n);
  let bucket = -1;
  for (let i = 0; i < n; i++) {
    const b = byTime ? Math.floor((t[i]! - origin) / bucketMs) : Math.floor((i * maxSamples) / n);
    if (b > bucket || i === n - 1) {
      if (count === keep.length) break;
      keep[count++] = i;
      bucket = b;
    }
  }
  return { indices: count === keep.length ? keep : keep.slice(0, count), byTime };
}

/** Finite and non-decreasing. */
function inOrder(t: ArrayLike<number>, n: number): boolean {
  let last = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < n; i++) {
    const v = t[i]!;
    if (!(v >= last) || v === Number.POSITIVE_INFINITY) return false;
    last = v;
  }
  return true;
}
