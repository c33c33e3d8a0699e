import { toNumber } from '../../model/stats-report.js';

/** A series as plotted: times (epoch ms) and values aligned to them, null where not recorded. */
export interface Points {
  t: number[];
  v: (number | null)[];
}

/** The recorded values of an attribute as numbers; null where absent or not numeric. */
export function valuesOf(timestamps: ArrayLike<number>, values: ArrayLike<unknown>): Points {
  const t: number[] = [];
  const v: (number | null)[] = [];
  for (let i = 0; i < timestamps.length; i++) {
    const raw = values[i];
    const n = raw === undefined || raw === null ? Number.NaN : toNumber(raw);
    t.push(Math.round(timestamps[i]!));
    v.push(Number.isFinite(n) ? n : null);
  }
  return { t, v };
}

/**
 * Change per second between successive recorded samples, at the later one. A fall (a counter
 * reset, a new stream under the same id) or a gap of no time gives null rather than a spike.
 */
export function rateOf({ t, v }: Points): Points {
  const out: (number | null)[] = [];
  let prevT: number | undefined;
  let prevV: number | null = null;
  for (let i = 0; i < t.length; i++) {
    const value = v[i] ?? null;
    if (value === null) {
      out.push(null);
      continue;
    }
    const dt = prevT === undefined ? 0 : (t[i]! - prevT) / 1000;
    out.push(prevV !== null && dt > 0 && value >= prevV ? (value - prevV) / dt : null);
    prevT = t[i]!;
    prevV = value;
  }
  return { t, v: out };
}

/**
 * At most `max` points: the series is cut into max/2 buckets of equal sample count and each keeps
 * its lowest and highest value in time order, so that a spike or a drop stays visible however
 * long the call. A bucket with no value keeps one null (a gap in the line).
 */
export function downsample(points: Points, max: number): Points {
  const n = points.t.length;
  if (n <= max) return points;
  const buckets = Math.max(1, Math.floor(max / 2));
  const t: number[] = [];
  const v: (number | null)[] = [];
  for (let b = 0; b < buckets; b++) {
    const from = Math.floor((b * n) / buckets);
    const to = Math.floor(((b + 1) * n) / buckets);
    let lo = -1;
    let hi = -1;
    for (let i = from; i < to; i++) {
      const x = points.v[i];
      if (x === null || x === undefined) continue;
      if (lo < 0 || x < points.v[lo]!) lo = i;
      if (hi < 0 || x > points.v[hi]!) hi = i;
    }
    if (lo < 0) {
      t.push(points.t[from]!);
      v.push(null);
      continue;
    }
    for (const i of lo === hi ? [lo] : [Math.min(lo, hi), Math.max(lo, hi)]) {
      t.push(points.t[i]!);
      v.push(points.v[i]!);
    }
  }
  return { t, v };
}
