import { isRounded } from '../../computed/downsample.js';
import { type Distribution, finiteDistribution } from '../../computed/series-math.js';

export function distributionFrom(
  values: ArrayLike<number> | undefined,
  from = 0,
): Omit<Distribution, 'count'> | null {
  const d = values ? finiteDistribution(values, from) : undefined;
  if (!d) return null;
  return { avg: d.avg, min: d.min, max: d.max, p5: d.p5, p95: d.p95, stddev: d.stddev };
}

export const orNull = <T>(v: T | undefined): T | null => (v === undefined ? null : v);

export const intOrNull = (v: number | undefined): number | null =>
  v === undefined || !Number.isFinite(v) ? null : Math.round(v);

/** Epoch ms, whole, or null. */
export const epochOrNull = (v: number | undefined): number | null =>
  v === undefined || !Number.isFinite(v) ? null : Math.round(v);

/**
 * Rounds every non-integer number of a payload to 2 decimals, in place, and drops NaN/Infinity
 * (to null): responses carry whole epoch milliseconds and short decimals. Writes only the numbers
 * it changes: most are whole, and a keyed store into objects of a few hundred shapes costs more
 * than everything else the walk does.
 */
export function roundPayload<T>(value: T): T {
  if (typeof value === 'number') return roundNumber(value) as T;
  if (value !== null && typeof value === 'object') roundIn(value as object);
  return value;
}

function roundIn(v: object): void {
  if (Array.isArray(v)) {
    // Chart columns are long arrays of numbers, rounded as they were made: skipped.
    if (v.length > 8 && isRounded(v)) return;
    // Other arrays of numbers: rounded here rather than one call each.
    for (let i = 0; i < v.length; i++) {
      const x: unknown = v[i];
      if (typeof x === 'number') {
        if (!Number.isInteger(x)) v[i] = roundNumber(x);
      } else if (x !== null && typeof x === 'object') roundIn(x);
    }
    return;
  }
  // for-in, not Object.keys: no key array per object (payload objects are plain, own keys only).
  const o = v as Record<string, unknown>;
  for (const k in o) {
    const x = o[k];
    if (typeof x === 'number') {
      if (!Number.isInteger(x)) o[k] = roundNumber(x);
    } else if (x !== null && typeof x === 'object') roundIn(x);
  }
}

function roundNumber(v: number): number | null {
  if (!Number.isFinite(v)) return null;
  return Number.isInteger(v) ? v : Math.round(v * 100) / 100;
}

/** First index whose time is at or after `at` (0 when `at` is undefined). */
export function indexFrom(t: ArrayLike<number>, at: number | undefined): number {
  if (at === undefined) return 0;
  for (let i = 0; i < t.length; i++) if (t[i]! >= at) return i;
  return t.length;
}
