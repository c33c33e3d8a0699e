/** How a chart column combines the samples that fall into one bucket. */
export type Combine = 'mean' | 'max' | 'min' | 'last' | 'sum';

export interface Column {
  values: ArrayLike<number>;
  combine: Combine;
}

export interface Downsampled {
  t: number[];
  columns: Record<string, (number | null)[]>;
}

/**
 * Arrays downsample made whose every number is whole or rounded to 2 decimals, finite and small
 * enough for that rounding to be exact: rounding the payload again leaves them as they are, and
 * its walk skips them (chart columns are half the values of a payload).
 */
const ROUNDED = new WeakSet<readonly unknown[]>();
/**
 * Below this magnitude a value rounded to 2 decimals (k / 100) rounds to itself again: k * 100 is
 * far from a half. Larger values (only in damaged dumps) leave their column to the payload's walk.
 */
const ROUNDING_EXACT = 1e12;

/** Whether rounding `values` to 2 decimals would leave it unchanged (see ROUNDED). */
export function isRounded(values: readonly unknown[]): boolean {
  return ROUNDED.has(values);
}

/**
 * Reduces series to at most `maxPoints` points for charts, by equal-time buckets so that gaps in
 * the recording stay visible. Each output time is the bucket's last sample time, whole; each value
 * is rounded to 2 decimals; a bucket where a column has no finite value gives null.
 */
export function downsample(
  t: ArrayLike<number>,
  columns: Record<string, Column>,
  maxPoints: number,
): Downsampled {
  const n = t.length;
  const names = Object.keys(columns);
  if (n === 0) return { t: [], columns: Object.fromEntries(names.map((k) => [k, []])) };
  const start = t[0]!;
  const span = t[n - 1]! - start;
  const buckets = n <= maxPoints || span <= 0 ? n : maxPoints;
  const width = span / buckets;
  // The buckets first, then each column at its exact length: arrays grown by push kept a third
  // more room than points (41 slots for the 30 points of a short series), and the payload holds
  // every chart column (28 823 of them for the 200 MB short-series bench dump).
  if (ends.length < buckets + 1) ends = new Int32Array(Math.max(buckets + 1, 2 * ends.length));
  ends[0] = 0;
  let points = 0;
  let i = 0;
  for (let b = 0; b < buckets && i < n; b++) {
    const end = b === buckets - 1 ? Number.POSITIVE_INFINITY : start + width * (b + 1);
    const from = i;
    if (buckets === n) i++;
    else while (i < n && t[i]! < end) i++;
    if (i === from) continue; // a gap in the recording: no point
    ends[++points] = i;
  }
  const times: number[] = new Array(points);
  let finiteTimes = true;
  for (let p = 0; p < points; p++) {
    const at = Math.round(t[ends[p + 1]! - 1]!);
    if (!Number.isFinite(at)) finiteTimes = false;
    times[p] = at;
  }
  if (finiteTimes) ROUNDED.add(times);
  const out: Downsampled = { t: times, columns: {} };
  if (combined.length < points) combined = new Float64Array(Math.max(points, 2 * combined.length));
  for (const name of names) {
    const column = columns[name]!;
    let inexact = false;
    let gaps = false;
    for (let p = 0; p < points; p++) {
      const v = combine(column, ends[p]!, ends[p + 1]!);
      if (v === null) gaps = true;
      else if (!(Math.abs(v) < ROUNDING_EXACT)) inexact = true;
      combined[p] = v ?? Number.NaN;
    }
    const values = gaps ? withGaps(combined, points) : numbersOnly(combined, points);
    if (!inexact) ROUNDED.add(values);
    out.columns[name] = values;
  }
  return out;
}

/**
 * A column's values as an array of numbers, made here and nowhere else: V8 learns an array's
 * element kind per place of allocation, and one column with a gap (null) made every column made
 * at the same place an array of references, each value a boxed number of its own. Kept apart from
 * the columns with gaps, these stay arrays of plain doubles: 8 bytes a value instead of 24 (the
 * 200 MB short-series bench dump's payload held 650 000 boxed numbers, 11 MB).
 */
function numbersOnly(values: Float64Array, n: number): number[] {
  const out: number[] = new Array(n);
  for (let i = 0; i < n; i++) out[i] = values[i]!;
  return out;
}

/** A column with gaps: NaN, a bucket with no finite value, becomes null. */
function withGaps(values: Float64Array, n: number): (number | null)[] {
  const out: (number | null)[] = new Array(n);
  for (let i = 0; i < n; i++) {
    const v = values[i]!;
    out[i] = Number.isNaN(v) ? null : v;
  }
  return out;
}

/** Where each point's samples end (scratch for downsample): point p takes ends[p] to ends[p + 1]. */
let ends = new Int32Array(1024);
/** Each point's value of the column being made (scratch for downsample), NaN where it has none. */
let combined = new Float64Array(1024);

function combine(column: Column, from: number, to: number): number | null {
  const { values, combine: how } = column;
  let acc = how === 'max' ? Number.NEGATIVE_INFINITY : how === 'min' ? Number.POSITIVE_INFINITY : 0;
  let n = 0;
  let last = Number.NaN;
  for (let i = from; i < to; i++) {
    const v = values[i]!;
    if (!Number.isFinite(v)) continue;
    n++;
    last = v;
    if (how === 'max') acc = Math.max(acc, v);
    else if (how === 'min') acc = Math.min(acc, v);
    else acc += v;
  }
  if (n === 0) return null;
  const value = how === 'mean' ? acc / n : how === 'last' ? last : acc;
  return Math.round(value * 100) / 100;
}
